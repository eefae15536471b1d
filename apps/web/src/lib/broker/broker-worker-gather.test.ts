import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMessageGather, feedGapMs } from './broker-worker-gather.ts';
import type { PageMessage } from './broker-worker-messages.ts';
import type { FeedPart } from './robot-feed-filter.ts';

const FEED = 'hcpro4/console/robots';
const status = (sn: string, battery: number) => ({ sn, battery });
const part = (ts: string, statuses: unknown[], heard: string[] = [], removed: string[] = []): FeedPart => ({
  ts,
  statuses,
  removed,
  heard,
  checked: true,
});
const alert = (sn: string): PageMessage => ({ topic: `hcpro4/alerts/${sn}`, payload: '{"code":"low_battery"}' });

/** The test moves the clock by hand (fake timers and `performance.now`); timers run when it passes them. */
const clock = { advance: (ms: number) => vi.advanceTimersByTime(ms), pending: () => vi.getTimerCount() };

function gatherWithGap(gapMs: number) {
  const posts: PageMessage[][] = [];
  const gather = createMessageGather(
    (messages) => posts.push(messages),
    () => gapMs,
  );
  /** Each post as its messages: a feed message read back, any other as it is. */
  const read = () => posts.map((post) => post.map((m) => (m.topic === FEED ? JSON.parse(m.payload) : m)));
  return { clock, posts, gather, read };
}

describe('the broker messages gathered for the page', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('grows the gap with the fleet: about a frame at 1,000 robots, 50 ms from 2,500', () => {
    expect(feedGapMs(0)).toBe(0);
    expect(feedGapMs(1000)).toBe(20);
    expect(feedGapMs(2500)).toBe(50);
    expect(feedGapMs(5000)).toBe(50);
    expect(feedGapMs(20_000)).toBe(50);
  });

  it('sends the first message at once and those within the gap after it in one post, feed messages joined', () => {
    const { clock, posts, gather, read } = gatherWithGap(100);
    gather.feed(part('t0', [status('RS-A1', 80)]));
    expect(read()).toEqual([[part('t0', [status('RS-A1', 80)])]]);
    clock.advance(20);
    gather.feed(part('t1', [status('RS-A1', 79)], ['RS-B2']));
    clock.advance(20);
    gather.feed(part('t2', [status('RS-B2', 50), status('RS-A1', 78)], ['RS-C3'], ['RS-D4']));
    expect(posts).toHaveLength(1);
    clock.advance(59);
    expect(posts).toHaveLength(1);
    clock.advance(1);
    expect(read()[1]).toEqual([
      part('t2', [status('RS-A1', 79), status('RS-B2', 50), status('RS-A1', 78)], ['RS-B2', 'RS-C3'], ['RS-D4']),
    ]);
    // A message a whole gap after the last post goes at once again.
    clock.advance(100);
    gather.feed(part('t3', [status('RS-A1', 77)]));
    expect(posts).toHaveLength(3);
    expect(clock.pending()).toBe(0);
  });

  it('gathers the other topics’ messages in the same post, in the order they came', () => {
    const { clock, gather, read } = gatherWithGap(100);
    gather.message(alert('RS-Z9'));
    gather.feed(part('t1', [status('RS-A1', 79)]));
    gather.message(alert('RS-A1'));
    gather.feed(part('t2', [status('RS-B2', 50)]));
    gather.feed(part('t3', [], ['RS-C3']));
    gather.message({ topic: 'hcpro4/logs/robot', payload: 'not json' });
    clock.advance(100);
    expect(read()).toEqual([
      [alert('RS-Z9')],
      [
        part('t1', [status('RS-A1', 79)]),
        alert('RS-A1'),
        part('t3', [status('RS-B2', 50)], ['RS-C3']),
        { topic: 'hcpro4/logs/robot', payload: 'not json' },
      ],
    ]);
  });

  it('sends everything at once when the fleet is small', () => {
    const { gather, read } = gatherWithGap(0);
    gather.feed(part('t0', [status('RS-A1', 80)]));
    gather.message(alert('RS-A1'));
    gather.feed(part('t1', [status('RS-A1', 79)]));
    expect(read()).toEqual([[part('t0', [status('RS-A1', 80)])], [alert('RS-A1')], [part('t1', [status('RS-A1', 79)])]]);
  });

  it('sends what is gathered before anything else, on flush', () => {
    const { clock, posts, gather, read } = gatherWithGap(100);
    gather.feed(part('t0', []));
    gather.feed(part('t1', [status('RS-A1', 79)]));
    gather.message(alert('RS-A1'));
    gather.flush();
    expect(read()).toEqual([[part('t0', [])], [part('t1', [status('RS-A1', 79)]), alert('RS-A1')]]);
    expect(clock.pending()).toBe(0);
    gather.flush();
    expect(posts).toHaveLength(2);
  });

  it('does not let a returning robot’s status overtake its removal', () => {
    const { clock, gather, read } = gatherWithGap(100);
    gather.feed(part('t0', []));
    gather.feed(part('t1', [], [], ['RS-A1']));
    gather.feed(part('t2', [status('RS-A1', 80), status('RS-B2', 50)]));
    clock.advance(100);
    expect(read()[1]).toEqual([part('t1', [], [], ['RS-A1']), part('t2', [status('RS-A1', 80), status('RS-B2', 50)])]);
  });
});
