import { parseAuditDescription, parseAuditTarget } from './audit-words.ts';
import { parseCommandError } from './command-errors.ts';
import { TRACK_ERROR_CODES, TRACK_STATUS_CODES, type TrackErrorCode, type TrackStatusCode } from './enums.ts';
import { parseLogEvent } from './log-events.ts';
import { KNOWN_LOG_TYPES } from './schemas/logs.ts';
import { parseUpdateFailure } from './update-failures.ts';

/**
 * How the protocol's worded-once messages are said in a reader's language. The words themselves
 * are the console's locale files (apps/web/src/locales/<lang>/<area>.json); these functions only
 * pick the keys and translate the values inside a message (an alarm code, a command, a state).
 * The console calls them with i18next's `t`, the server's exports with the same files, so a
 * screen and an export say the same thing.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const named = (t: Translate, prefix: string, value: string | undefined) =>
  value === undefined ? undefined : t(`${prefix}.${value}`, { defaultValue: value });
/** A command by name: a robot's, else a track's. */
const commandName = (t: Translate, value: string | undefined) =>
  value === undefined
    ? undefined
    : t(`robots.commands.${value}`, { defaultValue: t(`tracks.commands.${value}`, { defaultValue: value }) });
const statusKey = (code: number) => `tracks.status.${TRACK_STATUS_CODES[code as TrackStatusCode] ?? 'uninitialized'}`;
const errorKey = (code: number) => `tracks.error.${TRACK_ERROR_CODES[code as TrackErrorCode] ?? 'none'}`;

/** A command's failure reason; a device's own text is shown as sent. */
export function commandErrorText(t: Translate, error: string): string {
  const parsed = parseCommandError(error);
  if (!parsed) return error;
  const { key, values } = parsed;
  return t(`devices.commandErrors.${key}`, { ...values, group: named(t, 'robots.tabs', values.group), defaultValue: error });
}

/** Why an update failed; a device's refusal inside it in words too; a device's own text as sent. */
export function updateFailureText(t: Translate, reason: string): string {
  const failure = parseUpdateFailure(reason);
  if (!failure) return reason;
  const { code, values } = failure;
  const error = values.error === undefined ? undefined : commandErrorText(t, values.error);
  return t(`updates.reasons.${code}`, { ...values, error, defaultValue: reason });
}

/** A log record's type: the known ones by name, any other as sent. */
export function logTypeText(t: Translate, type: string): string {
  return (KNOWN_LOG_TYPES as readonly string[]).includes(type) ? t(`logs.types.${type}`) : type;
}

/** A log record's message; any text outside LOG_EVENT_MESSAGES is shown as written. */
export function logMessageText(t: Translate, message: string): string {
  const event = parseLogEvent(message);
  if (!event) return message;
  const { key, values } = event;
  return t(`logs.events.${key}`, {
    ...values,
    alarm: named(t, 'robots.alarms', values.alarm),
    command: commandName(t, values.command),
    group: named(t, 'robots.tabs', values.group),
    mode: named(t, 'tracks.modes', values.mode),
    from: named(t, 'robots.states', values.from),
    to: named(t, 'robots.states', values.to),
    error: values.error === undefined ? undefined : commandErrorText(t, values.error),
    code: values.code === undefined ? undefined : t(errorKey(Number(values.code))),
    statusLabel: values.status === undefined ? undefined : t(statusKey(Number(values.status))),
    errorLabel: values.errorLabel === undefined ? undefined : t(errorKey(Number(values.error))),
    count: values.robots === undefined ? undefined : Number(values.robots),
    defaultValue: message,
  });
}

/** An audit record's target by name ("robot SIM-0005, basic settings"); an unknown path as recorded. */
export function auditTargetText(t: Translate, target: string): string {
  const parsed = parseAuditTarget(target);
  if (!parsed) return target;
  const { key, values } = parsed;
  return t(`audit.targets.${key}`, { ...values, group: named(t, 'robots.tabs', values.group), defaultValue: target });
}

/** An audit record's description in words; a description outside AUDIT_DESCRIPTIONS as recorded. */
export function auditDescriptionText(t: Translate, description: string): string {
  const parsed = parseAuditDescription(description);
  if (!parsed) return description;
  const { key, values } = parsed;
  return t(`audit.descriptions.${key}`, {
    ...values,
    target: values.target === undefined ? undefined : auditTargetText(t, values.target),
    command: commandName(t, values.command),
    defaultValue: description,
  });
}

/** Where the field names of each audited entity are worded (locale keys). */
const FIELD_AREAS: Record<string, string> = {
  robot_config: 'robots.config.fields',
  robot: 'robots.fields',
  track: 'tracks.fields',
  tracks: 'tracks.fields',
  track_audio_file: 'audio.fields',
  track_audio: 'audio.fields',
  session: 'sessions.fields',
  sessions: 'sessions.fields',
  user: 'users.fields',
  users: 'users.fields',
  update_file: 'updates.fields',
  update_files: 'updates.fields',
  update_record: 'updates.fields',
  update_records: 'updates.fields',
};

/**
 * A changed field of an audited entity by its name on screen ("volume" → "Volume"): the
 * entity's own words first, then the words the audit screen has for fields any entity has
 * (`audit.fieldNames`); an unknown one as stored.
 */
export function auditFieldText(t: Translate, target: string, field: string): string {
  const area = FIELD_AREAS[parseAuditTarget(target)?.key ?? ''];
  const common = t(`audit.fieldNames.${field}`, { defaultValue: field });
  return area ? t(`${area}.${field}`, { defaultValue: common }) : common;
}
