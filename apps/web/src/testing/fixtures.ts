import type { Robot } from '@railserve/protocol';

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
