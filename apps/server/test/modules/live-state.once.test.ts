import type { RobotStatusPayload } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { applyStatus, newRobot } from '../../src/modules/robots/live-state.ts';

// A robot's state in memory: what a status changes, and the health it comes to.
const heard = new Date('2026-11-28T10:00:00Z');
const status = (fields: Partial<RobotStatusPayload>) =>
  ({
    sn: 'SIM-1',
    connection: 'online',
    battery: 80,
    state: 'idle',
    alarms: [],
    ts: heard.toISOString(),
    ...fields,
  }) as RobotStatusPayload;

describe('robot live state', () => {
  it('keeps known alarm codes once each, sorted, and works out health from the new values', () => {
    const { next, visible } = applyStatus(
      newRobot('SIM-1', heard),
      status({ alarms: ['subrobot_retry', 'conveyor_comm', 'subrobot_retry', 'a_code_of_newer_firmware'], battery: 15 }),
      heard,
    );
    expect(next.alarms).toEqual(['conveyor_comm', 'subrobot_retry']);
    expect(next).toMatchObject({ battery: 15, state: 'idle', health: 'warning', connection: 'online' });
    expect(visible).toBe(true);
  });

  it('comes to critical on a low battery and back to normal without alarms; the empty set is shared and frozen', () => {
    const low = applyStatus(newRobot('SIM-1', heard), status({ battery: 5 }), heard).next;
    expect(low.health).toBe('critical');
    const { next, visible } = applyStatus(low, status({ battery: 90 }), heard);
    expect(next.health).toBe('normal');
    expect(visible).toBe(true);
    expect(() => (next.alarms as string[]).push('imu_comm')).toThrow();
    expect(applyStatus(next, status({ battery: 90 }), heard).visible).toBe(false);
  });

  it('keeps what a last will leaves out, and goes offline', () => {
    const online = applyStatus(newRobot('SIM-1', heard), status({ trackId: 3, point: 7, alarms: ['imu_comm'] }), heard).next;
    const { next, connectionChange } = applyStatus(
      online,
      { sn: 'SIM-1', connection: 'offline', ts: heard.toISOString() } as RobotStatusPayload,
      heard,
    );
    expect(next).toMatchObject({
      connection: 'offline',
      trackId: 3,
      point: 7,
      alarms: ['imu_comm'],
      battery: 80,
      health: 'critical',
    });
    expect(connectionChange).toBe('offline');
  });
});
