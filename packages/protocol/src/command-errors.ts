import { messageCatalog } from './message-catalog.ts';

/**
 * Why a command failed, worded once: the `error` of a device's ack (`HCP4/{sn}/ack`,
 * `HCP4/track/{id}/ack`) and the server's timeout. The tracking record keeps the English text;
 * the console reads the reason back with `parseCommandError` and shows it in the reader's
 * language. A device's reason outside this list is shown as sent.
 */
export const COMMAND_ERROR_MESSAGES = {
  no_answer: 'No answer within {ms} ms',
  no_idle_robot: 'no idle robot on this track',
  robots_charging: 'every idle robot is charging',
  no_map: 'no map loaded',
  track_initializing: 'track is initializing',
  track_register_mode: 'track is in register mode',
  track_viewer_mode: 'track is in viewer mode',
  track_in_error: 'track is in error',
  track_not_ready: 'track is not ready',
  not_serving_point: 'point {point} is not a serving point',
  not_table_point: 'point {point} is not a table point',
  robot_not_on_track: 'robot {sn} is not on this track',
  robot_upgrading: 'robot is upgrading',
  robot_initializing: 'robot is initializing',
  robot_in_alarm: 'robot in alarm: reset the alarm first',
  robot_busy: 'robot is busy',
  lid_open: 'close the lid first',
  lid_moving: 'lid cannot open while moving',
  unknown_point: 'unknown point {point}',
  no_path: 'no path to point {point}',
  unknown_group: 'unknown config group {group}',
  invalid_command: 'invalid command: {detail}',
  invalid_config: 'invalid config: {detail}',
  update_no_robot: 'update names no robot',
  update_details_missing: 'update needs its download details',
  update_url_not_server: 'update file must be a path on the console, not another address',
  update_unsigned: 'update has no valid signature',
} as const;
export type CommandErrorMessage = keyof typeof COMMAND_ERROR_MESSAGES;

const catalog = messageCatalog(COMMAND_ERROR_MESSAGES);

/** The English reason, its placeholders filled in. */
export const formatCommandError = (key: CommandErrorMessage, values: Record<string, string | number> = {}): string =>
  catalog.format(key, values);

/** The reason a text was written from, with its values; undefined for any other text. */
export const parseCommandError = (message: string) => catalog.parse(message);
