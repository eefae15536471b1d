import { createHash } from 'node:crypto';

/**
 * A broker message's identity, as a UUID-shaped digest of its topic and payload: a copy the broker
 * delivers again has the same one, so the log stores it once (`logs.delivery_key`). Two messages
 * with the same topic and bytes (the same time, to the millisecond, and the same words) are one
 * record: nothing could tell them apart anyway.
 */
export function deliveryKeyOf(topic: string, payload: Buffer): string {
  const hex = createHash('md5').update(topic).update('\u0000').update(payload).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
