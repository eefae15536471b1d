import { describe, expect, it } from 'vitest';
import {
  AUDIT_DESCRIPTIONS,
  AUDIT_TARGETS,
  type AuditDescription,
  type AuditTarget,
  COMMAND_ERROR_MESSAGES,
  type CommandErrorMessage,
  formatAuditDescription,
  formatAuditTarget,
  formatCommandError,
  parseAuditDescription,
  parseAuditTarget,
  parseCommandError,
  parseLogEvent,
} from '../src/index.ts';

const sampleValues = (template: string) =>
  Object.fromEntries([...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, `v-${name}`]));

describe('command error reasons', () => {
  it('reads back every reason with its values', () => {
    for (const key of Object.keys(COMMAND_ERROR_MESSAGES) as CommandErrorMessage[]) {
      const values = sampleValues(COMMAND_ERROR_MESSAGES[key]);
      expect(parseCommandError(formatCommandError(key, values)), key).toEqual({ key, values });
    }
  });

  it('reads the server timeout and a controller refusal, and leaves a device’s own text alone', () => {
    expect(parseCommandError('No answer within 10000 ms')).toEqual({ key: 'no_answer', values: { ms: '10000' } });
    expect(parseCommandError('no idle robot on this track')?.key).toBe('no_idle_robot');
    expect(parseCommandError('gearbox jammed')).toBeUndefined();
  });

  it('a device log line quoting a reason reads as a refusal with that reason', () => {
    const parsed = parseLogEvent('send_target refused: no idle robot on this track');
    expect(parsed).toEqual({
      key: 'device_command_refused',
      values: { command: 'send_target', error: 'no idle robot on this track' },
    });
    expect(parseLogEvent('calibration done: 3 passes')).toBeUndefined();
  });
});

describe('audit targets and descriptions', () => {
  it('names every target path, the most specific first', () => {
    for (const key of Object.keys(AUDIT_TARGETS) as AuditTarget[]) {
      const values = sampleValues(AUDIT_TARGETS[key]);
      expect(parseAuditTarget(formatAuditTarget(key, values)), key).toEqual({ key, values });
    }
    expect(parseAuditTarget('robots/SIM-0005/config/basic')).toEqual({
      key: 'robot_config',
      values: { sn: 'SIM-0005', group: 'basic' },
    });
    expect(parseAuditTarget('updates/7/files')).toBeUndefined();
    // The alarm center's writes, as the audit hook records their paths.
    expect(parseAuditTarget('alarms/12/ack')).toEqual({ key: 'alarm_ack', values: { id: '12' } });
    expect(parseAuditTarget('alarms/assign')?.key).toBe('alarms_assign');
    expect(parseAuditTarget('alarm-maintenance/3')).toEqual({ key: 'alarm_maintenance_window', values: { id: '3' } });
  });

  it('names the device identity paths as the server records them, not as the robot or track', () => {
    expect(parseAuditTarget('devices/enroll')?.key).toBe('device_enroll');
    expect(parseAuditTarget('enrollment-keys/3')).toEqual({ key: 'enrollment_key', values: { id: '3' } });
    expect(parseAuditTarget('devices/shared-key/migrate')?.key).toBe('shared_key_migrate');
    expect(parseAuditTarget('robots/SIM-1/credential/allow-reenroll')).toEqual({
      key: 'robot_credential_reenroll',
      values: { sn: 'SIM-1' },
    });
    expect(parseAuditTarget('tracks/2/controller/credential/revoke')).toEqual({
      key: 'controller_credential_revoke',
      values: { id: '2' },
    });
  });

  it('reads back every description, a name in brackets apart from the target', () => {
    for (const key of Object.keys(AUDIT_DESCRIPTIONS) as AuditDescription[]) {
      const values = sampleValues(AUDIT_DESCRIPTIONS[key]);
      expect(parseAuditDescription(formatAuditDescription(key, values)), key).toEqual({ key, values });
    }
    expect(parseAuditDescription('Update robots/S-1 (Front (left))')).toEqual({
      key: 'update_named',
      values: { target: 'robots/S-1', name: 'Front (left)' },
    });
  });
});
