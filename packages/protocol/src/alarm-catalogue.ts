import { ALARM_CODES, type AlarmCode } from './enums.ts';

/** How urgent an alarm is, most urgent first. */
export const ALARM_SEVERITIES = ['critical', 'major', 'minor', 'warning'] as const;
export type AlarmSeverity = (typeof ALARM_SEVERITIES)[number];

/**
 * Every kind of alarm the alarm center holds: the robots' own codes (DESIGN section 5), the one the
 * server raises itself (`robot_offline`), and `unknown` for a code of newer firmware, which keeps
 * its raw code in the alarm's `code`.
 */
export const ALARM_KINDS = [...ALARM_CODES, 'robot_offline', 'unknown'] as const;
export type AlarmKind = (typeof ALARM_KINDS)[number];

/** A code as robots may send it: one of ALARM_CODES, or a code of newer firmware (kept, shown raw). */
export const WIRE_ALARM_CODE_PATTERN = /^[a-z0-9_]{1,64}$/;

export type AlarmCatalogueEntry = {
  severity: AlarmSeverity;
  /** A communication alarm: held back (suppressed) while the robot is offline or its link is down. */
  communication: boolean;
};

const entry = (severity: AlarmSeverity, communication = false): AlarmCatalogueEntry => ({ severity, communication });

/**
 * One entry per kind. Critical: the robot cannot drive or cannot tell where it is (the same codes
 * as the critical health rule, CRITICAL_ALARMS). Major: it cannot serve or cannot be reached.
 * Minor: a step failed and it may recover. Warning: it needs attention soon. An unknown code is
 * major: nothing newer firmware reports is hidden as a warning.
 */
export const ALARM_CATALOGUE: Record<AlarmKind, AlarmCatalogueEntry> = {
  imu_comm: entry('critical', true),
  battery_comm: entry('critical', true),
  qrcode_comm: entry('critical', true),
  subrobot_comm: entry('major', true),
  rfid_comm: entry('critical', true),
  left_motor_comm: entry('critical', true),
  right_motor_comm: entry('critical', true),
  conveyor_comm: entry('major', true),
  subrobot_lid_torque: entry('major'),
  subrobot_retry: entry('minor'),
  subrobot_temperature: entry('major'),
  subrobot_voltage: entry('major'),
  init_timeout: entry('minor'),
  read_point_timeout: entry('minor'),
  low_battery: entry('warning'),
  imu_stuck: entry('critical'),
  imu_abnormal_movement: entry('critical'),
  network_timeout: entry('major', true),
  heartbeat_timeout: entry('major', true),
  current_id_timeout: entry('minor'),
  subrobot_init_timeout: entry('minor'),
  robot_offline: entry('major', true),
  unknown: entry('major'),
};

const KNOWN = new Set<string>(ALARM_CODES);
export const isKnownAlarmCode = (code: string): code is AlarmCode => KNOWN.has(code);

/** The kind of an alarm's code: itself when the catalogue names it, else `unknown`. */
export const alarmKind = (code: string): AlarmKind => (code in ALARM_CATALOGUE ? (code as AlarmKind) : 'unknown');

export const alarmSeverityOf = (code: string): AlarmSeverity => ALARM_CATALOGUE[alarmKind(code)].severity;
