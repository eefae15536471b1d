import type { Alarm } from '@railserve/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmFixture } from '../../../testing/fixtures.ts';
import { type CriticalBurst, createCriticalNotifier, NOTIFY_GATHER_MS, STORM_QUIET_MS } from './critical-notifier.ts';

const TS = '2026-11-28T02:00:00.000Z';
const critical = (id: number, patch: Partial<Alarm> = {}): Alarm =>
  alarmFixture(id, { raisedAt: TS, lastRaisedAt: TS, ...patch });

describe('critical alarm notifications', () => {
  let bursts: CriticalBurst[];
  let notifier: ReturnType<typeof createCriticalNotifier>;
  beforeEach(() => {
    vi.useFakeTimers();
    bursts = [];
    notifier = createCriticalNotifier((burst) => bursts.push(burst));
  });
  afterEach(() => {
    notifier.dispose();
    vi.useRealTimers();
  });

  it('gathers a storm across messages into one notification naming the count and the tracks', () => {
    notifier.take({ ts: TS, alarms: [critical(1), critical(2, { trackId: 2 })] });
    vi.advanceTimersByTime(NOTIFY_GATHER_MS / 2);
    notifier.take({ ts: TS, alarms: Array.from({ length: 10 }, (_, i) => critical(10 + i, { trackId: 3 })) });
    expect(bursts).toEqual([]);
    vi.advanceTimersByTime(NOTIFY_GATHER_MS / 2);
    expect(bursts).toHaveLength(1);
    expect(bursts[0]).toMatchObject({ count: 12, tracks: 3, joined: false });
    expect(bursts[0].first.id).toBe(1);
    vi.advanceTimersByTime(NOTIFY_GATHER_MS * 5);
    expect(bursts).toHaveLength(1);
  });

  it('never notifies suppressed, flapping, maintenance, acknowledged, repeated, cleared, old or less than critical alarms', () => {
    notifier.take({
      ts: TS,
      alarms: [
        critical(1, { suppressed: true }),
        critical(2, { flapping: true }),
        critical(3, { maintenance: true }),
        critical(4, { acknowledged: true }),
        critical(5, { count: 2 }),
        critical(6, { active: false }),
        critical(7, { raisedAt: '2026-11-28T01:50:00.000Z' }),
        critical(8, { severity: 'major' }),
      ],
    });
    vi.advanceTimersByTime(NOTIFY_GATHER_MS * 2);
    expect(bursts).toEqual([]);
  });

  it('notifies an alarm once, even when the feed brings it again (assigned, commented)', () => {
    notifier.take({ ts: TS, alarms: [critical(1)] });
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    notifier.take({ ts: TS, alarms: [critical(1, { assigneeId: 4 })] });
    vi.advanceTimersByTime(STORM_QUIET_MS * 2);
    expect(bursts.map((b) => b.count)).toEqual([1]);
    notifier.take({ ts: TS, alarms: [critical(2, { trackId: null })] });
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    expect(bursts.at(-1)).toMatchObject({ count: 1, tracks: 0, joined: false });
  });

  it('keeps a storm the server writes over many seconds one notification: later alarms join it until it goes quiet', () => {
    // 5,000 robots whose alarms reach the feed 500 at a time, a message every 3 s.
    for (let i = 0; i < 10; i++) {
      notifier.take({ ts: TS, alarms: Array.from({ length: 500 }, (_, j) => critical(i * 500 + j, { trackId: j % 50 })) });
      vi.advanceTimersByTime(3000);
    }
    expect(bursts.filter((b) => !b.joined)).toHaveLength(1);
    expect(bursts.at(-1)).toMatchObject({ count: 5000, tracks: 50, joined: true });
    expect(bursts.every((b) => b.first.id === 0)).toBe(true);
    // Quiet for longer than STORM_QUIET_MS: the next critical alarm is news again.
    vi.advanceTimersByTime(STORM_QUIET_MS);
    notifier.take({ ts: TS, alarms: [critical(9000)] });
    vi.advanceTimersByTime(NOTIFY_GATHER_MS);
    expect(bursts.at(-1)).toMatchObject({ count: 1, joined: false });
  });
});
