/** Enumerations shared by every part, as DESIGN section 5 fixes them. */

export const PERMISSIONS = [0, 1, 2, 3] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const ROLE_KEYS = { 0: 'admin', 1: 'service', 2: 'advanced', 3: 'general' } as const satisfies Record<Permission, string>;

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const ROBOT_STATES = [
  'unknown',
  'init',
  'idle',
  'goto',
  'arrive',
  'return',
  'control',
  'sleep',
  'upgrade',
  'alarm',
  'wait_path',
] as const;
export type RobotState = (typeof ROBOT_STATES)[number];

export const ROBOT_CONNECTIONS = ['online', 'offline', 'connecting', 'error'] as const;
export type RobotConnection = (typeof ROBOT_CONNECTIONS)[number];

export const ROBOT_HEALTHS = ['normal', 'warning', 'critical'] as const;
export type RobotHealth = (typeof ROBOT_HEALTHS)[number];

export const TRACK_TYPES = [
  'single_round_trip',
  'single_circular',
  'multi_round_trip',
  'multi_circular',
  'elevator_platform',
] as const;
export type TrackType = (typeof TRACK_TYPES)[number];

/** Track status codes 0-4 and their label keys. */
export const TRACK_STATUS_CODES = { 0: 'uninitialized', 1: 'initializing', 2: 'registration', 3: 'normal', 4: 'error' } as const;
export type TrackStatusCode = keyof typeof TRACK_STATUS_CODES;
/** Track error codes 0-2 and their label keys. */
export const TRACK_ERROR_CODES = { 0: 'none', 1: 'too_many_robots', 2: 'home_capacity_insufficient' } as const;
export type TrackErrorCode = keyof typeof TRACK_ERROR_CODES;

export const TRACK_MODES = ['normal', 'register', 'viewer'] as const;
export type TrackMode = (typeof TRACK_MODES)[number];

export const LOG_LEVELS = ['debug', 'info', 'warning', 'error', 'critical'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_SOURCES = ['system', 'track', 'robot'] as const;
export type LogSource = (typeof LOG_SOURCES)[number];

export const AUDIT_TYPES = [
  'login',
  'logout',
  'create',
  'update',
  'delete',
  'export',
  'import',
  'backup',
  'restore',
  'system_config',
  'user_management',
  'data_query',
  'system',
] as const;
export type AuditType = (typeof AUDIT_TYPES)[number];

export const AUDIT_RESULTS = ['success', 'failed', 'partial'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** The spec's three statuses, plus `failed` (with its reason) when a device could not download or install. */
export const UPDATE_STATUSES = ['waiting_download', 'download_complete', 'update_complete', 'failed'] as const;
export type UpdateStatus = (typeof UPDATE_STATUSES)[number];
/** What an update record is for: a robot (serial = sn), a track controller, the on-site server, the ordering tablet. */
export const UPDATE_DEVICE_TYPES = ['robot', 'track_controller', 'site_server', 'tablet'] as const;
export type UpdateDeviceType = (typeof UPDATE_DEVICE_TYPES)[number];
/** A staged rollout: running its first group, then the rest; stopped at the first failure. */
export const ROLLOUT_STATUSES = ['first_group', 'rest', 'completed', 'stopped'] as const;
export type RolloutStatus = (typeof ROLLOUT_STATUSES)[number];

export const AUDIO_KINDS = ['system', 'custom', 'table'] as const;
export type AudioKind = (typeof AUDIO_KINDS)[number];
export const TABLE_SIDES = ['left', 'right'] as const;
export type TableSide = (typeof TABLE_SIDES)[number];
export const SYSTEM_AUDIO_NAMES = [
  'init_complete',
  'leaving_customer',
  'meal_arrived',
  'close_lid_reminder',
  'final_warning',
  'open_lid_final_warning',
  'running',
] as const;

export const ALARM_CODES = [
  'imu_comm',
  'battery_comm',
  'qrcode_comm',
  'subrobot_comm',
  'rfid_comm',
  'left_motor_comm',
  'right_motor_comm',
  'conveyor_comm',
  'subrobot_lid_torque',
  'subrobot_retry',
  'subrobot_temperature',
  'subrobot_voltage',
  'init_timeout',
  'read_point_timeout',
  'low_battery',
  'imu_stuck',
  'imu_abnormal_movement',
  'network_timeout',
  'heartbeat_timeout',
  'current_id_timeout',
  'subrobot_init_timeout',
] as const;
export type AlarmCode = (typeof ALARM_CODES)[number];

export const ROBOT_CONFIG_GROUPS = ['basic', 'advanced', 'motion', 'network'] as const;
export type RobotConfigGroup = (typeof ROBOT_CONFIG_GROUPS)[number];

export const COMMAND_STATUSES = ['sent', 'acknowledged', 'failed', 'timed_out'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

export const ROBOT_COMMANDS = ['reload_map', 'goto', 'lid', 'reset_alarm', 'restart', 'update', 'remove', 'rename'] as const;
export type RobotCommand = (typeof ROBOT_COMMANDS)[number];

export const TRACK_COMMANDS = [
  'reload_map',
  'register_mode',
  'viewer_mode',
  'send_target',
  'lid',
  'reset_alarm',
  'restart',
  'update',
] as const;
export type TrackCommand = (typeof TRACK_COMMANDS)[number];

export const MAP_POINT_TYPES = ['path', 'table', 'serving', 'parking'] as const;
export const MAP_TABLE_TYPES = ['both', 'left', 'right', 'whole'] as const;
export const MAP_MARK_DIRECTIONS = ['left_right', 'right_left', 'up_down', 'down_up'] as const;
export const MAP_JUDGE_TYPES = ['read_point', 'distance'] as const;
export const MAP_PATH_TYPES = [
  'straight_left',
  'straight_right',
  'turn_left',
  'turn_right',
  'turn_left_close_loop',
  'turn_right_close_loop',
  'bidirectional',
] as const;
