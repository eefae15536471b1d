import type { Alarm, Robot } from '@railserve/protocol';

export const FIXTURE_TIME = '2026-01-01T10:00:00.000Z';

/** A healthy, online, idle robot on track 1; `patch` changes what a test is about. */
export const robotFixture = (sn: string, patch: Partial<Robot> = {}): Robot => ({
  id: 1,
  sn,
  name: sn,
  lastTrackName: 'Track A',
  trackId: 1,
  point: 3,
  connection: 'online',
  battery: 80,
  state: 'idle',
  health: 'normal',
  alarms: [],
  firmware: '1.0.0',
  ip: null,
  lastUpdate: FIXTURE_TIME,
  registeredAt: FIXTURE_TIME,
  ...patch,
});

/** An active, unacknowledged critical alarm of robot R-{id} on track 1; `patch` changes what a test is about. */
export const alarmFixture = (id: number, patch: Partial<Alarm> = {}): Alarm => ({
  id,
  robotSn: `R-${id}`,
  trackId: 1,
  code: 'left_motor_comm',
  severity: 'critical',
  active: true,
  acknowledged: false,
  acknowledgedBy: null,
  assigneeId: null,
  raisedAt: FIXTURE_TIME,
  lastRaisedAt: FIXTURE_TIME,
  count: 1,
  clearedAt: null,
  clearedBy: null,
  suppressed: false,
  flapping: false,
  maintenance: false,
  ...patch,
});
