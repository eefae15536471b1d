import { parseLogEvent } from '@railserve/protocol';
import type { TFunction } from 'i18next';
import { errorLabelKey, statusLabelKey } from '../../tracks/hooks/track-labels.ts';

/**
 * A record's message in the reader's language: the server's own event messages (protocol
 * LOG_EVENT_MESSAGES) are translated with their codes (alarm, command, configuration group, track
 * status) named; anything else, such as what a device wrote, is shown as it was written.
 */
export function logMessageText(t: TFunction, message: string): string {
  const event = parseLogEvent(message);
  if (!event) return message;
  const { key, values } = event;
  const named = (prefix: string, value: string | undefined) =>
    value === undefined ? undefined : t(`${prefix}.${value}`, { defaultValue: value });
  return t(`logs.events.${key}`, {
    ...values,
    alarm: named('robots.alarms', values.alarm),
    command: named('robots.commands', values.command),
    group: named('robots.tabs', values.group),
    mode: named('tracks.modes', values.mode),
    statusLabel: values.status === undefined ? undefined : t(statusLabelKey(Number(values.status))),
    errorLabel: values.errorLabel === undefined ? undefined : t(errorLabelKey(Number(values.error))),
    count: values.robots === undefined ? undefined : Number(values.robots),
    defaultValue: message,
  });
}
