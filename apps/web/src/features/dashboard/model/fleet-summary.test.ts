import type { Track } from '@railserve/protocol';
import { describe, expect, it } from 'vitest';
import { robotFixture } from '../../../testing/fixtures.ts';
import { seededPick } from '../../../testing/seeded-pick.ts';
import { ATTENTION_SHOWN, liveRobotSummary, robotSummary, trackSummary } from './fleet-summary.ts';

const robot = robotFixture;

const track = (id: number, statusCode: number, errorCode = 0) =>
  ({ id, name: `T${id}`, statusCode, errorCode, robots: [] }) as unknown as Track;

describe('robotSummary and trackSummary', () => {
  it('counts robots by connection and health, alarms and low batteries', () => {
    const summary = robotSummary([
      robot('R-3', { connection: 'offline', health: 'warning' }),
      robot('R-1'),
      robot('R-2', { alarms: ['imu_stuck', 'low_battery'], health: 'critical', battery: 5 }),
      robot('R-4', { battery: 15, health: 'warning' }),
    ]);
    expect(summary.robots).toBe(4);
    expect(summary.byConnection).toEqual({ online: 3, offline: 1, connecting: 0, error: 0 });
    expect(summary.byHealth).toEqual({ normal: 1, warning: 2, critical: 1 });
    expect(summary.alarms).toBe(2);
    expect(summary.lowBattery).toBe(2);
    // The worst first, then by SN.
    expect(summary.attention.map((r) => r.sn)).toEqual(['R-2', 'R-3', 'R-4']);
    expect(summary.attentionTotal).toBe(3);
  });

  it('counts as low on battery a robot reporting its low_battery alarm above the threshold, as the attention list shows it', () => {
    const charging = robot('R-5', { battery: 22, alarms: ['low_battery'], health: 'warning' });
    const summary = robotSummary([robot('R-1'), charging]);
    expect(summary.lowBattery).toBe(1);
    expect(summary.attention.map((r) => r.sn)).toEqual(['R-5']);
  });

  it('keeps only what the dashboard counts or orders by: a robot heard again or charging leaves the summary equal', () => {
    const fleet = Array.from({ length: ATTENTION_SHOWN + 2 }, (_, i) => robot(`R-${i + 10}`, { health: 'warning', battery: 60 }));
    const before = robotSummary(fleet);
    const after = robotSummary(fleet.map((r) => ({ ...r, lastUpdate: '2030-01-01T00:00:00.000Z', battery: 61 })));
    expect(after).toEqual(before);
    expect(before.attention).toHaveLength(ATTENTION_SHOWN);
    expect(before.attentionTotal).toBe(ATTENTION_SHOWN + 2);
    expect(before.attention[0]).toEqual({ sn: 'R-10', health: 'warning' });
  });

  it('lists the first robots needing attention as a full sort would, among many', () => {
    const healths = ['normal', 'warning', 'critical'] as const;
    const fleet = Array.from({ length: 300 }, (_, i) => robot(`R-${(i * 7919) % 1000}`, { health: healths[(i * 31) % 3] }));
    const rank = { critical: 0, warning: 1, normal: 2 };
    const sorted = fleet
      .filter((r) => r.health !== 'normal')
      .sort((a, b) => rank[a.health] - rank[b.health] || (a.sn < b.sn ? -1 : 1));
    const summary = robotSummary(fleet);
    expect(summary.attention.map((r) => r.sn)).toEqual(sorted.slice(0, ATTENTION_SHOWN).map((r) => r.sn));
    expect(summary.attentionTotal).toBe(sorted.length);
  });

  it('counts tracks by controller status and lists those in error', () => {
    const summary = trackSummary([track(1, 3), track(2, 4, 1), track(3, 0), track(4, 3)]);
    expect(summary.tracks).toBe(4);
    expect(summary.byTrackStatus).toEqual({ 0: 1, 1: 0, 2: 0, 3: 2, 4: 1 });
    expect(summary.troubledTracks.map((t) => t.id)).toEqual([2]);
  });

  it('is all zeros for an empty fleet', () => {
    const summary = { ...robotSummary([]), ...trackSummary([]) };
    expect(summary.robots).toBe(0);
    expect(summary.tracks).toBe(0);
    expect(summary.attention).toEqual([]);
    expect(summary.byHealth).toEqual({ normal: 0, warning: 0, critical: 0 });
  });

  it('follows live changes as a fresh count would, and answers the same summary when nothing shown changed', () => {
    const pick = seededPick(5);
    let fleet = Array.from({ length: 40 }, (_, i) => robot(`R-${i}`, { health: i % 9 === 0 ? 'warning' : 'normal' }));
    const live = liveRobotSummary();
    const first = live(fleet);
    expect(live(fleet.map((r) => r))).toBe(first);
    for (let frame = 0; frame < 300; frame++) {
      for (let n = 0; n < pick([1, 2, 4]); n++) {
        const at = pick(fleet.map((_, i) => i));
        fleet = fleet.map((r, i) =>
          i === at
            ? {
                ...r,
                connection: pick(['online', 'online', 'offline'] as const),
                health: pick(['normal', 'normal', 'warning', 'critical'] as const),
                battery: pick([5, 50, 90]),
                alarms: pick([[], ['imu_stuck']]),
              }
            : r,
        );
      }
      expect(live(fleet)).toEqual(robotSummary(fleet));
    }
    // A fleet that gained a robot is counted afresh.
    const grown = [...fleet, robot('R-99', { health: 'critical' })];
    expect(live(grown)).toEqual(robotSummary(grown));
  });
});
