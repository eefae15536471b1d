import { describe, expect, it } from 'vitest';
import {
  ALARM_CATALOGUE,
  ALARM_CODES,
  ALARM_KINDS,
  ALARM_SEVERITIES,
  alarm,
  alarmKind,
  alarmNameText,
  alarmSeverityOf,
  CRITICAL_ALARMS,
  commentAlarmBody,
  listAlarmsQuery,
} from '../src/index.ts';

describe('the alarm catalogue', () => {
  it('names robot codes by the robots’ names, the server’s own alarm, and unknown codes with their raw code', () => {
    const t = (key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key);
    expect(alarmNameText(t, 'imu_stuck')).toBe('robots.alarms.imu_stuck');
    expect(alarmNameText(t, 'robot_offline')).toBe('alarms.kinds.robot_offline');
    expect(alarmNameText(t, 'lidar_dirty')).toBe('alarms.kinds.unknown {"code":"lidar_dirty"}');
  });

  it('has one entry per code of the spec, robot_offline and unknown, each with a severity', () => {
    expect(Object.keys(ALARM_CATALOGUE).sort()).toEqual([...ALARM_KINDS].sort());
    expect(ALARM_KINDS).toHaveLength(ALARM_CODES.length + 2);
    for (const entry of Object.values(ALARM_CATALOGUE)) expect(ALARM_SEVERITIES).toContain(entry.severity);
  });

  it('agrees with the health rule: the critical alarms are critical', () => {
    for (const code of CRITICAL_ALARMS) expect(alarmSeverityOf(code)).toBe('critical');
    expect(alarmSeverityOf('low_battery')).toBe('warning');
  });

  it('reads a code of newer firmware as unknown', () => {
    expect(alarmKind('lidar_dirty')).toBe('unknown');
    expect(alarmKind('robot_offline')).toBe('robot_offline');
    expect(alarmSeverityOf('lidar_dirty')).toBe(ALARM_CATALOGUE.unknown.severity);
  });
});

describe('alarm schemas', () => {
  it('carry exactly the issue’s fields, and `maintenance` (raised in a maintenance window) beside them', () => {
    expect(Object.keys(alarm.shape).sort()).toEqual(
      [
        'maintenance',
        'id',
        'robotSn',
        'trackId',
        'code',
        'severity',
        'active',
        'acknowledged',
        'acknowledgedBy',
        'assigneeId',
        'raisedAt',
        'lastRaisedAt',
        'count',
        'clearedAt',
        'clearedBy',
        'suppressed',
        'flapping',
      ].sort(),
    );
  });

  it('read the list filters strictly', () => {
    expect(listAlarmsQuery.parse({ acknowledged: 'false', trackId: '3' })).toMatchObject({ acknowledged: false, trackId: 3 });
    for (const trackId of ['0x1', '01', ' 1', '0']) expect(listAlarmsQuery.safeParse({ trackId }).success, trackId).toBe(false);
  });

  it('limit comments', () => {
    expect(commentAlarmBody.safeParse({ text: '   ' }).success).toBe(false);
    expect(commentAlarmBody.parse({ text: ' ok ' }).text).toBe('ok');
  });
});
