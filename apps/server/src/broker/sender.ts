import type { BrokerIdentity } from './acl.ts';

/**
 * Who published a log record or a system message, as the embedded broker knows it from the
 * client's sign-in: `robot:{sn}`, `track:{id}`, `user:{id}:{username}`. The broker writes it into
 * the payload's `sender` field, replacing whatever the client put there, so the log ingest can
 * tell a robot that names another robot and say which user sent a system message. An external
 * broker writes nothing: the ingest then trusts no `sender` (see ingestLogsFromBroker).
 */
export function senderOf(identity: BrokerIdentity & { username?: string }): string | undefined {
  switch (identity.role) {
    case 'robot':
      return `robot:${identity.sn}`;
    case 'controller':
      return `track:${identity.trackId}`;
    case 'web':
      return `user:${identity.userId}:${identity.username ?? ''}`;
    default:
      return undefined;
  }
}

const STAMPED = /^hcpro4\/(logs|system)\//;
const OPEN = 0x7b; // {
const CLOSE = 0x7d; // }
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/**
 * The payload to relay: on a log or system topic, a payload that reads as a JSON object gets
 * `sender` as its last member; anything else is relayed unchanged. The member is written in
 * before the closing brace, without parsing the payload (the server parses it once, in the
 * ingest): JSON.parse keeps the last of duplicate keys, so a `sender` the client wrote is
 * replaced, and when the result parses, its last brace closes the object itself, so the member
 * is the object's own. A payload that was no valid JSON stays invalid and is dropped by the ingest.
 */
export function stampSender(identity: BrokerIdentity & { username?: string }, topic: string, payload: Buffer): Buffer {
  const sender = senderOf(identity);
  if (!sender || !STAMPED.test(topic)) return payload;
  let first = 0;
  let last = payload.length - 1;
  while (first <= last && isSpace(payload[first])) first++;
  while (last > first && isSpace(payload[last])) last--;
  if (payload[first] !== OPEN || payload[last] !== CLOSE || last === first) return payload;
  let inner = first + 1;
  while (inner < last && isSpace(payload[inner])) inner++;
  const member = `${inner === last ? '' : ','}"sender":${JSON.stringify(sender)}}`;
  return Buffer.concat([payload.subarray(first, last), Buffer.from(member)]);
}

export type ParsedSender = { kind: 'robot'; sn: string } | { kind: 'track'; trackId: number } | { kind: 'user'; name: string };

export function parseSender(sender: unknown): ParsedSender | undefined {
  if (typeof sender !== 'string') return undefined;
  const [kind, id, ...rest] = sender.split(':');
  if (kind === 'robot' && id) return { kind, sn: id };
  if (kind === 'track' && /^\d+$/.test(id ?? '')) return { kind, trackId: Number(id) };
  if (kind === 'user' && id) return { kind, name: rest.join(':') || `#${id}` };
  return undefined;
}
