import { messageCatalog } from './message-catalog.ts';

/**
 * What an audit record's `target` (the API path below /api/v1) names, so the console and the
 * exports can say it in words ("robot SIM-0005, basic settings") rather than as a path. A path
 * outside this list is shown as recorded. More specific paths come first.
 */
export const AUDIT_TARGETS = {
  robot_credential_revoke: 'robots/{sn}/credential/revoke',
  robot_credential_rotate: 'robots/{sn}/credential/rotate',
  robot_credential_reenroll: 'robots/{sn}/credential/allow-reenroll',
  controller_credential_revoke: 'tracks/{id}/controller/credential/revoke',
  controller_credential_rotate: 'tracks/{id}/controller/credential/rotate',
  controller_credential_reenroll: 'tracks/{id}/controller/credential/allow-reenroll',
  device_enroll: 'devices/enroll',
  shared_key_migrate: 'devices/shared-key/migrate',
  shared_key: 'devices/shared-key',
  enrollment_key: 'enrollment-keys/{id}',
  enrollment_keys: 'enrollment-keys',
  robot_config: 'robots/{sn}/config/{group}',
  robot_commands: 'robots/{sn}/commands',
  robot: 'robots/{sn}',
  track_map_background: 'tracks/{id}/map/background',
  track_map: 'tracks/{id}/map',
  track_commands: 'tracks/{id}/commands',
  track_tables: 'tracks/{id}/tables',
  track_audio_batch: 'tracks/{id}/audio/batch',
  track_audio_file: 'tracks/{id}/audio/{audio}',
  track_audio: 'tracks/{id}/audio',
  track: 'tracks/{id}',
  tracks: 'tracks',
  session: 'sessions/{id}',
  sessions: 'sessions',
  user: 'users/{id}',
  users: 'users',
  update_download: 'updates/{id}/download',
  update_file: 'updates/files/{id}',
  update_files: 'updates/files',
  rollout_resume: 'updates/rollouts/{id}/resume',
  rollouts: 'updates/rollouts',
  update_record: 'updates/{id}',
  update_records: 'updates',
  my_password: 'me/password',
  system_force_reload: 'system/force-reload',
  system_restart: 'system/restart',
  alarm_ack: 'alarms/{id}/ack',
  alarm_assign: 'alarms/{id}/assign',
  alarm_comments: 'alarms/{id}/comments',
  alarm_reset: 'alarms/{id}/reset',
  alarms_ack: 'alarms/ack',
  alarms_assign: 'alarms/assign',
  alarm_report_export: 'alarms/report/export',
  alarm_maintenance_window: 'alarm-maintenance/{id}',
  alarm_maintenance: 'alarm-maintenance',
  alarm_settings: 'alarm-settings',
  alarm_webhook: 'alarm-webhooks/{id}',
  alarm_webhooks: 'alarm-webhooks',
  logs_export: 'logs/export',
  logs: 'logs',
  audit_export: 'audit/export',
  audit_cleanup: 'audit/cleanup',
  login: 'login',
  logout: 'logout',
} as const;
export type AuditTarget = keyof typeof AUDIT_TARGETS;

const targets = messageCatalog(AUDIT_TARGETS);
export const formatAuditTarget = (key: AuditTarget, values: Record<string, string | number>) => targets.format(key, values);
export const parseAuditTarget = (target: string) => targets.parse(target);

/**
 * The English one-line description of an audit record (`{target}` is the recorded path, `{name}`
 * the entity's name), read back by the console with `parseAuditDescription` to say it in the
 * reader's language. Named forms come first: `{target}` would otherwise swallow the name.
 */
export const AUDIT_DESCRIPTIONS = {
  sign_in: 'Sign in',
  sign_out: 'Sign out',
  export: 'Export {target}',
  send_command: 'Send {command} to {target}',
  create_named: 'Create {target} ({name})',
  update_named: 'Update {target} ({name})',
  delete_named: 'Delete {target} ({name})',
  create: 'Create {target}',
  update: 'Update {target}',
  delete: 'Delete {target}',
  send: 'Send {target}',
} as const;
export type AuditDescription = keyof typeof AUDIT_DESCRIPTIONS;

const descriptions = messageCatalog(AUDIT_DESCRIPTIONS);
export const formatAuditDescription = (key: AuditDescription, values: Record<string, string | number> = {}) =>
  descriptions.format(key, values);
export const parseAuditDescription = (description: string) => descriptions.parse(description);
