import { isValidSn, topics } from '@railserve/protocol';
import type { CarriedMessage, MessageUnpacker } from './broker-types.ts';

/**
 * What one message of the server's robot feed (`hcpro4/console/robots`, docs/protocol.md) stands
 * for: each status in it as if it had come on its own `hcpro4/robots/{sn}/status`, and each
 * removed robot as its cleared retained status (an empty message). Entries without a valid SN are
 * left out; the handlers check each status with the protocol’s schema (read-robot-status.ts), as they
 * do any message, unless the broker worker has.
 */
export function robotFeedEntries(json: unknown): CarriedMessage[] {
  if (typeof json !== 'object' || json === null) return [];
  const { statuses, removed, checked } = json as { statuses?: unknown; removed?: unknown; checked?: unknown };
  const entries: CarriedMessage[] = [];
  for (const status of Array.isArray(statuses) ? statuses : []) {
    const sn = (status as { sn?: unknown } | null)?.sn;
    if (typeof sn === 'string' && isValidSn(sn))
      entries.push({ topic: topics.robotStatus(sn), text: JSON.stringify(status), json: status, checked: checked === true });
  }
  for (const sn of Array.isArray(removed) ? removed : []) {
    if (typeof sn === 'string' && isValidSn(sn))
      entries.push({ topic: topics.robotStatus(sn), text: '', json: undefined, checked: false });
  }
  return entries;
}

/**
 * The console's broker store takes the robot feed with this (app/main.tsx): the feed reaches
 * handlers as itself (for the robots it names as only heard) and as the robot statuses it carries.
 */
export const robotFeedUnpacker: MessageUnpacker = { topic: topics.consoleRobots, unpack: robotFeedEntries };
