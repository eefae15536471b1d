/**
 * The messages the server writes to the event log for its own events, worded once. A record
 * stores the English text (DESIGN: `message` is English); the console reads the template and its
 * values back with `parseLogEvent` and shows the message in the reader's language. Placeholders
 * are `{name}`; a value never holds the text that follows its placeholder in the template.
 */
export const LOG_EVENT_MESSAGES = {
  robot_registered: 'Robot registered',
  robot_online: 'Robot is back online',
  robot_offline_connection: 'Robot went offline (connection lost)',
  robot_offline_silent: 'Robot went offline (no status for {seconds} s)',
  alarm_raised: 'Alarm raised: {alarm}',
  alarm_cleared: 'Alarm cleared: {alarm}',
  command_failed: 'Command {command} failed: {error}',
  command_timed_out: 'Command {command} timed out',
  config_failed: 'Configuration write ({group}) failed: {error}',
  config_timed_out: 'Configuration write ({group}) timed out',
  track_status_changed: 'Track status {status} ({statusLabel}), error {error} ({errorLabel}), mode {mode}, {robots} robot(s)',
  payload_dropped: 'Dropped a payload on {topic}: {reason}',
} as const;
export type LogEventMessage = keyof typeof LOG_EVENT_MESSAGES;

const PLACEHOLDER = /\{(\w+)\}/g;

/** The English message of an event, its placeholders filled in. */
export function formatLogEvent(key: LogEventMessage, values: Record<string, string | number> = {}): string {
  return LOG_EVENT_MESSAGES[key].replace(PLACEHOLDER, (_, name: string) => String(values[name] ?? ''));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PATTERNS = (Object.entries(LOG_EVENT_MESSAGES) as [LogEventMessage, string][]).map(([key, template]) => {
  const names: string[] = [];
  const source = template
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 0) return escapeRegExp(part);
      names.push(part);
      return '([\\s\\S]*?)';
    })
    .join('');
  return { key, names, pattern: new RegExp(`^${source}$`) };
});

/** The event a message was written from, with its values; undefined for any other text. */
export function parseLogEvent(message: string): { key: LogEventMessage; values: Record<string, string> } | undefined {
  for (const { key, names, pattern } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
  }
  return undefined;
}
