import type { Track } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { robotFixture } from '../../../testing/fixtures.ts';
import { fleetSummary } from './fleet-summary.ts';

const robot = robotFixture;

const track = (id: number, statusCode: number, errorCode = 0) =>
  ({ id, name: `T${id}`, statusCode, errorCode, robots: [] }) as unknown as Track;

describe('fleetSummary', () => {
  it('counts robots by connection and health, alarms and low batteries', () => {
    const summary = fleetSummary(
      [
        robot('R-3', { connection: 'offline', health: 'warning' }),
        robot('R-1'),
        robot('R-2', { alarms: ['imu_stuck', 'low_battery'], health: 'critical', battery: 5 }),
        robot('R-4', { battery: 15, health: 'warning' }),
      ],
      [],
    );
    expect(summary.robots).toBe(4);
    expect(summary.byConnection).toEqual({ online: 3, offline: 1, connecting: 0, error: 0 });
    expect(summary.byHealth).toEqual({ normal: 1, warning: 2, critical: 1 });
    expect(summary.alarms).toBe(2);
    expect(summary.lowBattery).toBe(2);
    // The worst first, then by SN.
    expect(summary.attention.map((r) => r.sn)).toEqual(['R-2', 'R-3', 'R-4']);
  });

  it('counts tracks by controller status and lists those in error', () => {
    const summary = fleetSummary([], [track(1, 3), track(2, 4, 1), track(3, 0), track(4, 3)]);
    expect(summary.tracks).toBe(4);
    expect(summary.byTrackStatus).toEqual({ 0: 1, 1: 0, 2: 0, 3: 2, 4: 1 });
    expect(summary.troubledTracks.map((t) => t.id)).toEqual([2]);
  });

  it('is all zeros for an empty fleet', () => {
    const summary = fleetSummary([], []);
    expect(summary.robots).toBe(0);
    expect(summary.attention).toEqual([]);
    expect(summary.byHealth).toEqual({ normal: 0, warning: 0, critical: 0 });
  });
});
