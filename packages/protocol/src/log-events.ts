import { messageCatalog } from './message-catalog.ts';

/**
 * The messages written to the event log for known events, worded once: the server's own events,
 * and what robots and track controllers report in the protocol's vocabulary (the simulator
 * speaks it as a real device would). A record stores the English text (DESIGN: `message` is
 * English); the console reads the template and its values back with `parseLogEvent` and shows
 * the message in the reader's language. A device's text outside this list is shown as sent.
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
  // Update reports (HCP4/{sn}/upgrade) the server refused; the record stays as it was.
  update_report_unknown: 'Update report refused: record {recordId} does not exist',
  update_report_not_own: 'Update report refused: record {recordId} is for another device',
  update_report_not_downloaded: 'Update report refused: record {recordId} was not downloaded by this device',
  update_report_out_of_order: 'Update report refused: record {recordId} is not at that step',
  update_report_version: 'Update report refused: record {recordId} is version {expected}, the device reported {reported}',
  // Devices (robots and track controllers).
  device_connected: 'connected',
  device_restarting: 'restarting',
  device_state_changed: 'state {from} → {to}',
  device_alarm_raised: 'alarm {alarm} raised',
  device_alarm_cleared: 'alarm {alarm} cleared',
  device_config_applied: '{group} configuration applied',
  device_config_refused: '{group} configuration refused: {error}',
  device_config_invalid: 'invalid config payload dropped',
  device_map_loaded: 'map loaded: {points} points',
  device_map_cleared: 'map cleared',
  device_map_invalid: 'invalid map ignored',
  device_command_done: '{command} done',
  device_command_refused: '{command} refused: {error}',
  device_command_invalid: 'invalid command payload dropped',
  device_robot_dispatched: 'robot {sn} sent to table point {point}',
  device_robot_joined: 'robot {sn} registered',
  device_going_to_charge: 'battery {battery}%: going to charge point {point}',
  device_charged: 'charged: battery {battery}%',
  device_track_error: 'track error {code}',
  device_update_failed: 'update {version} failed: {reason}',
  device_audio_fetched: 'audio fetched: {clips} clips, {bytes} bytes',
  device_audio_failed: 'audio fetch failed: {reason}',
} as const;
export type LogEventMessage = keyof typeof LOG_EVENT_MESSAGES;

const catalog = messageCatalog(LOG_EVENT_MESSAGES);

/** The English message of an event, its placeholders filled in. */
export const formatLogEvent = (key: LogEventMessage, values: Record<string, string | number> = {}): string =>
  catalog.format(key, values);

/** The event a message was written from, with its values; undefined for any other text. */
export const parseLogEvent = (message: string) => catalog.parse(message);
