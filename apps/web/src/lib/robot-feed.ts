import { isValidSn, topics } from '@railserve/protocol';

export type FeedEntry = { topic: string; text: string; json: unknown };

/**
 * What one message of the server's robot feed (`hcpro4/console/robots`, docs/protocol.md) stands
 * for: each status in it as if it had come on its own `hcpro4/robots/{sn}/status`, and each
 * removed robot as its cleared retained status (an empty message). Entries without a valid SN are
 * left out; the handlers check each status with the protocol's schema, as they do any message.
 */
export function robotFeedEntries(json: unknown): FeedEntry[] {
  if (typeof json !== 'object' || json === null) return [];
  const { statuses, removed } = json as { statuses?: unknown; removed?: unknown };
  const entries: FeedEntry[] = [];
  for (const status of Array.isArray(statuses) ? statuses : []) {
    const sn = (status as { sn?: unknown } | null)?.sn;
    if (typeof sn === 'string' && isValidSn(sn))
      entries.push({ topic: topics.robotStatus(sn), text: JSON.stringify(status), json: status });
  }
  for (const sn of Array.isArray(removed) ? removed : []) {
    if (typeof sn === 'string' && isValidSn(sn)) entries.push({ topic: topics.robotStatus(sn), text: '', json: undefined });
  }
  return entries;
}
