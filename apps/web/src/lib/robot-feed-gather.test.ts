import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FeedPart } from './robot-feed-filter.ts';
import { createRobotFeedGather, feedGapMs } from './robot-feed-gather.ts';

const status = (sn: string, battery: number) => ({ sn, battery });
const part = (ts: string, statuses: unknown[], heard: string[] = [], removed: string[] = []): FeedPart => ({
  ts,
  statuses,
  removed,
  heard,
});

/** The test moves the clock by hand (fake timers and `performance.now`); timers run when it passes them. */
const clock = { advance: (ms: number) => vi.advanceTimersByTime(ms), pending: () => vi.getTimerCount() };

function gatherWithGap(gapMs: number) {
  const posted: FeedPart[] = [];
  const gather = createRobotFeedGather(
    (p) => posted.push(p),
    () => gapMs,
  );
  return { clock, posted, gather };
}

describe('the robot feed gathered for the page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grows the gap with the fleet: about a frame at 1,000 robots, 100 ms from 5,000', () => {
    expect(feedGapMs(0)).toBe(0);
    expect(feedGapMs(1000)).toBe(20);
    expect(feedGapMs(5000)).toBe(100);
    expect(feedGapMs(20_000)).toBe(100);
  });

  it('sends the first message at once and those within the gap after it together, in order', () => {
    const { clock, posted, gather } = gatherWithGap(100);
    gather.add(part('t0', [status('RS-A1', 80)]));
    expect(posted).toEqual([part('t0', [status('RS-A1', 80)])]);
    clock.advance(20);
    gather.add(part('t1', [status('RS-A1', 79)], ['RS-B2']));
    clock.advance(20);
    gather.add(part('t2', [status('RS-B2', 50), status('RS-A1', 78)], ['RS-C3'], ['RS-D4']));
    expect(posted).toHaveLength(1);
    clock.advance(59);
    expect(posted).toHaveLength(1);
    clock.advance(1);
    expect(posted[1]).toEqual(
      part('t2', [status('RS-A1', 79), status('RS-B2', 50), status('RS-A1', 78)], ['RS-B2', 'RS-C3'], ['RS-D4']),
    );
    // A message a whole gap after the last one goes at once again.
    clock.advance(100);
    gather.add(part('t3', [status('RS-A1', 77)]));
    expect(posted).toHaveLength(3);
    expect(clock.pending()).toBe(0);
  });

  it('sends everything at once when the fleet is small', () => {
    const { posted, gather } = gatherWithGap(0);
    gather.add(part('t0', [status('RS-A1', 80)]));
    gather.add(part('t1', [status('RS-A1', 79)]));
    expect(posted.map((p) => p.ts)).toEqual(['t0', 't1']);
  });

  it('sends what is gathered before anything else, on flush', () => {
    const { clock, posted, gather } = gatherWithGap(100);
    gather.add(part('t0', []));
    gather.add(part('t1', [status('RS-A1', 79)]));
    gather.flush();
    expect(posted.map((p) => p.ts)).toEqual(['t0', 't1']);
    expect(clock.pending()).toBe(0);
    gather.flush();
    expect(posted).toHaveLength(2);
  });

  it('does not let a returning robot’s status overtake its removal', () => {
    const { clock, posted, gather } = gatherWithGap(100);
    gather.add(part('t0', []));
    gather.add(part('t1', [], [], ['RS-A1']));
    gather.add(part('t2', [status('RS-A1', 80), status('RS-B2', 50)]));
    expect(posted.map((p) => [p.ts, p.removed, p.statuses])).toEqual([
      ['t0', [], []],
      ['t1', ['RS-A1'], []],
    ]);
    clock.advance(100);
    expect(posted[2]).toEqual(part('t2', [status('RS-A1', 80), status('RS-B2', 50)]));
  });
});
