import { parseJson } from '@railserve/protocol';
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

/** The payload to relay: a JSON object on a log or system topic gets `sender`; anything else is relayed unchanged. */
export function stampSender(identity: BrokerIdentity & { username?: string }, topic: string, payload: Buffer): Buffer {
  const sender = senderOf(identity);
  if (!sender || !STAMPED.test(topic)) return payload;
  const json = parseJson(payload);
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return payload;
  return Buffer.from(JSON.stringify({ ...json, sender }));
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
