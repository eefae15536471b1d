import { LOG_EVENT_MESSAGES, type LogEventMessage } from '../../src/log-events.ts';
import { LOG_MESSAGE_MAX } from '../../src/schemas/logs.ts';

/**
 * Messages of the maximum stored length built to make a backtracking parser try every split:
 * a template's beginning, then its separators repeated (each could end a value), and an ending
 * that never completes the match. Per template, one message that matches nothing and one that
 * matches with long values.
 */
export function adversarialMessages(key: LogEventMessage): string[] {
  const template = LOG_EVENT_MESSAGES[key];
  const parts = template.split(/\{\w+\}/);
  if (parts.length === 1) return [template + ' x'.repeat((LOG_MESSAGE_MAX - template.length) / 2)];
  const [head, ...separators] = parts;
  const unit = separators.join('') || ' ';
  const repeat = (length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  const failing = `${head + repeat(LOG_MESSAGE_MAX - head.length - 1)}\u0001`;
  const matching = head + repeat(LOG_MESSAGE_MAX - template.length) + separators.join('');
  return [failing, matching];
}
