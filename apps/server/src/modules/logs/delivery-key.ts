import { createHash } from 'node:crypto';

/** The largest time the key's first 48 bits hold (milliseconds since 1970). */
const MAX_MS = 2 ** 48 - 1;

/**
 * A broker message's identity, as a UUID-shaped key: a copy the broker delivers again has the same
 * one, so the log stores it once (`logs.delivery_key`). Two messages with the same topic and bytes
 * (the same time, to the millisecond, and the same words) are one record: nothing could tell them
 * apart anyway. Its first 48 bits are the time the message says it was sent (`sentAt`, the
 * device's clock; 0 when unreadable), the rest a digest of its topic and payload: keys of one
 * moment sit together in the unique index, so a batch's inserts touch a few of its pages, where a
 * digest alone scattered them over all of it (docs/benchmarks.md, "Where the insert's time goes").
 */
export function deliveryKeyOf(topic: string, payload: Buffer, sentAt: string): string {
  const ms = Date.parse(sentAt);
  const time = (Number.isFinite(ms) ? Math.min(Math.max(ms, 0), MAX_MS) : 0).toString(16).padStart(12, '0');
  const hex = createHash('md5').update(topic).update('\u0000').update(payload).digest('hex');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8, 20)}`;
}
