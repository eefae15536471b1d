import { describe, expect, it } from 'vitest';
import { CRITICAL_ALARMS, listRobotsQuery, renameRobotBody, robot, robotConfigParam, robotHealth } from '../src/index.ts';

describe('robot health rule', () => {
  const ok = { connection: 'online', alarms: [], battery: 80 } as const;

  it('is normal when online, alarm-free and charged', () => {
    expect(robotHealth(ok)).toBe('normal');
    expect(robotHealth({ ...ok, battery: 20 })).toBe('normal');
  });

  it('is a warning when offline or connecting, on a minor alarm, or battery below 20', () => {
    expect(robotHealth({ ...ok, connection: 'offline' })).toBe('warning');
    expect(robotHealth({ ...ok, connection: 'connecting' })).toBe('warning');
    expect(robotHealth({ ...ok, alarms: ['network_timeout'] })).toBe('warning');
    expect(robotHealth({ ...ok, alarms: ['low_battery'], battery: 15 })).toBe('warning');
    expect(robotHealth({ ...ok, battery: 19.9 })).toBe('warning');
  });

  it('is critical on a connection error, a critical alarm, or battery below 10', () => {
    expect(robotHealth({ ...ok, connection: 'error' })).toBe('critical');
    for (const alarm of CRITICAL_ALARMS) expect(robotHealth({ ...ok, alarms: [alarm] }), alarm).toBe('critical');
    expect(robotHealth({ ...ok, battery: 9 })).toBe('critical');
    expect(robotHealth({ ...ok, battery: 10 })).toBe('warning');
  });

  it('keeps an offline robot critical when its last known state was', () => {
    expect(robotHealth({ connection: 'offline', alarms: ['imu_stuck'], battery: 50 })).toBe('critical');
  });
});

describe('robot API schemas', () => {
  it('parses list filters from the query string', () => {
    expect(listRobotsQuery.parse({ q: ' kitchen ', connection: 'online', health: 'warning', trackId: '3' })).toMatchObject({
      q: 'kitchen',
      connection: 'online',
      health: 'warning',
      trackId: 3,
      page: 1,
      pageSize: 20,
    });
    expect(listRobotsQuery.safeParse({ health: 'bad' }).success).toBe(false);
    expect(listRobotsQuery.safeParse({ trackId: '0' }).success).toBe(false);
  });

  it('requires a robot name of 1-64 characters', () => {
    expect(renameRobotBody.parse({ name: '  Runner 1 ' })).toEqual({ name: 'Runner 1' });
    expect(renameRobotBody.safeParse({ name: '   ' }).error?.issues[0].message).toBe('required');
    expect(renameRobotBody.safeParse({}).error?.issues[0].message).toBe('required');
    expect(renameRobotBody.safeParse({ name: 'x'.repeat(65) }).error?.issues[0].message).toBe('too_long');
  });

  it('checks sn and config group path parameters', () => {
    expect(robotConfigParam.safeParse({ sn: 'RS-001', group: 'motion' }).success).toBe(true);
    expect(robotConfigParam.safeParse({ sn: 'RS 001', group: 'motion' }).success).toBe(false);
    expect(robotConfigParam.safeParse({ sn: 'RS-001', group: 'report' }).success).toBe(false);
  });

  it('describes the robot entity with nullable optional fields', () => {
    const row = {
      id: 1,
      sn: 'RS-001',
      name: 'Runner',
      lastTrackName: null,
      connection: 'online',
      battery: 77,
      state: 'idle',
      health: 'normal',
      alarms: [],
      firmware: null,
      lastUpdate: '2026-01-01T00:00:00.000Z',
      registeredAt: '2026-01-01T00:00:00.000Z',
    };
    expect(robot.safeParse(row).success).toBe(true);
    expect(robot.safeParse({ ...row, state: 'flying' }).success).toBe(false);
  });
});
