import type { Robot } from '@railserve/protocol';
import { replaceEqualDeep } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { robotFixture as robot } from '../../../testing/fixtures.ts';
import { seededPick } from '../../../testing/seeded-pick.ts';
import { robotRows, sortRobots } from './robot-order.ts';
import { robotsView } from './robots-view.ts';

const fleet = [
  robot('R-10', { battery: 50 }),
  robot('R-2', { battery: 90, name: 'Kitchen' }),
  robot('R-3', { battery: 50 }),
  robot('R-1', { battery: 20 }),
];
const sns = (robots: Robot[]) => robots.map((r) => r.sn);
/** One robot changed the way a live status changes it: a new object in the same place. */
const changed = (all: Robot[], sn: string, patch: Partial<Robot>) => all.map((r) => (r.sn === sn ? { ...r, ...patch } : r));

describe('robot order', () => {
  it('sorts by the column both ways, and ties by SN whichever the direction', () => {
    expect(sns(sortRobots([...fleet], { key: 'sn', order: 'ascend' }))).toEqual(['R-1', 'R-10', 'R-2', 'R-3']);
    expect(sns(sortRobots([...fleet], { key: 'battery', order: 'ascend' }))).toEqual(['R-1', 'R-10', 'R-3', 'R-2']);
    expect(sns(sortRobots([...fleet], { key: 'battery', order: 'descend' }))).toEqual(['R-2', 'R-10', 'R-3', 'R-1']);
    const registered = fleet.map((r, i) => ({ ...r, registeredAt: `2026-0${4 - i}-01T00:00:00.000Z` }));
    expect(sns(sortRobots(registered, { key: 'registeredAt', order: 'ascend' }))).toEqual(['R-1', 'R-3', 'R-2', 'R-10']);
  });

  it('gives a robot the same row object every time', () => {
    const first = robotRows(fleet);
    const again = robotRows(changed(fleet, 'R-2', { battery: 10 }));
    expect(again).not.toBe(first);
    expect(again.every((row, i) => row === first[i])).toBe(true);
    expect(first.map((row) => row.sn)).toEqual(sns(fleet));
  });
});

describe('robots view', () => {
  // What useRobots(view) hands the page: TanStack Query shares the new result with the last one.
  const shared = <T>(before: T, after: T) => replaceEqualDeep(before, after);

  it('keeps the same rows through a live change that moves no robot, so the table does not render', () => {
    const view = robotsView({ filters: {}, sort: { key: 'sn', order: 'ascend' }, settingsSn: null });
    const before = view(fleet);
    const after = shared(before, view(changed(fleet, 'R-3', { battery: 5, state: 'goto' })));
    expect(after).toBe(before);
  });

  it('gives new rows when a live change moves a robot in the chosen order or out of the filter', () => {
    const byBattery = robotsView({ filters: {}, sort: { key: 'battery', order: 'ascend' }, settingsSn: null });
    const before = byBattery(fleet);
    const after = shared(before, byBattery(changed(fleet, 'R-2', { battery: 5 })));
    expect(after.rows).not.toBe(before.rows);
    expect(after.rows.map((row) => row.sn)).toEqual(['R-2', 'R-1', 'R-10', 'R-3']);

    const online = robotsView({ filters: { connection: 'online' }, sort: undefined, settingsSn: null });
    const gone = online(changed(fleet, 'R-10', { connection: 'offline' }));
    expect(gone.rows.map((row) => row.sn)).toEqual(['R-1', 'R-2', 'R-3']);
  });

  it('follows the robot whose settings are open, and counts and names the fleet', () => {
    const view = robotsView({ filters: { q: 'kitchen' }, sort: undefined, settingsSn: 'R-2' });
    const result = view(changed(fleet, 'R-2', { battery: 7 }));
    expect(result.settingsRobot?.battery).toBe(7);
    expect(result.rows.map((row) => row.sn)).toEqual(['R-2']);
    expect(result.total).toBe(4);
    expect(result.tracks).toEqual(['Track A']);
  });

  it('keeps its last rows while changed robots keep their place, without filtering or sorting again', () => {
    const byBattery = robotsView({
      filters: { connection: 'online' },
      sort: { key: 'battery', order: 'ascend' },
      settingsSn: null,
    });
    const base = changed(fleet, 'R-2', { connection: 'offline' });
    const before = byBattery(base);
    // A shown robot with a new state but the same battery, and a hidden robot that stays hidden.
    const idle = byBattery(changed(changed(base, 'R-3', { state: 'goto' }), 'R-2', { battery: 1 }));
    expect(idle.rows).toBe(before.rows);
    const moved = byBattery(changed(base, 'R-3', { battery: 1 }));
    expect(moved.rows.map((row) => row.sn)).toEqual(['R-3', 'R-1', 'R-10']);
    // Sorted by the time last heard, a changed robot is sorted again: that time lives beside the list.
    const byHeard = robotsView({ filters: {}, sort: { key: 'lastUpdate', order: 'ascend' }, settingsSn: null });
    const first = byHeard(fleet);
    expect(byHeard(changed(fleet, 'R-3', { state: 'goto' })).rows).not.toBe(first.rows);
  });

  it('names a new last track when a robot moves to one', () => {
    const view = robotsView({ filters: {}, sort: undefined, settingsSn: null });
    const before = view(fleet);
    expect(view(changed(fleet, 'R-1', { battery: 1 })).tracks).toBe(before.tracks);
    expect(view(changed(fleet, 'R-1', { lastTrackName: 'Terrace' })).tracks).toEqual(['Terrace', 'Track A']);
  });

  it('shows what a fresh view would after any run of live changes', () => {
    const pick = seededPick(11);
    const many = Array.from({ length: 60 }, (_, i) => robot(`R-${i}`, { battery: (i * 7) % 100 }));
    for (const sort of [undefined, { key: 'battery', order: 'descend' } as const, { key: 'health', order: 'ascend' } as const]) {
      const view = robotsView({ filters: { connection: 'online' }, sort, settingsSn: null });
      let all = many;
      for (let frame = 0; frame < 200; frame++) {
        for (let n = 0; n < 3; n++)
          all = changed(all, pick(many).sn, {
            battery: pick([10, 50, 90]),
            connection: pick(['online', 'online', 'offline'] as const),
            health: pick(['normal', 'warning', 'critical'] as const),
            lastTrackName: pick(['Track A', 'Hall']),
          });
        const fresh = robotsView({ filters: { connection: 'online' }, sort, settingsSn: null })(all);
        const live = view(all);
        expect(live.rows.map((row) => row.sn)).toEqual(fresh.rows.map((row) => row.sn));
        expect(live.tracks).toEqual(fresh.tracks);
      }
    }
  });
});
