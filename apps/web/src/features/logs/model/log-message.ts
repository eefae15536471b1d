import { logMessageText as phrase } from '@railserve/protocol';
import type { TFunction } from 'i18next';
import { translator } from '../../../lib/phrases.ts';

/**
 * A record's message in the reader's language: the messages worded once in the protocol
 * (LOG_EVENT_MESSAGES: the server's events and what devices report) are translated with their
 * codes named (alarm, command, state, settings group, track status, failure reason); anything
 * else a device wrote is shown as it was written.
 */
export function logMessageText(t: TFunction, message: string): string {
  return phrase(translator(t), message);
}
