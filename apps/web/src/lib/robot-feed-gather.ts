import type { FeedPart } from './robot-feed-filter.ts';

/**
 * The robot feed's messages, gathered in the broker worker (broker-worker-host.ts) before they go
 * to the page: each one the page takes costs it a task and a pass over the whole robot list (a
 * cache write, the screen's views of the list, a render), whatever it holds. So the page gets the
 * feed at most once per `feedGapMs(robots)`: the first message after a quiet spell at once, the
 * ones that follow it within the gap together, as one message, when the gap is over. With several
 * server instances, each sending its own feed every 20 ms, the page still gets one message per gap.
 *
 * Nothing is lost or reordered: statuses, heard robots and removals keep their order, a status of
 * a robot that a gathered message removed goes out after the removal, and `flush` sends what is
 * gathered before anything else reaches the page.
 */
export type RobotFeedGather = {
  add(part: FeedPart): void;
  /** Sends what is gathered now (before a message of another topic, an event or an answer). */
  flush(): void;
};

/** The gap grows by a millisecond for this many robots the page knows... */
const ROBOTS_PER_MS = 50;
/** ...up to this: the page still takes the feed 10 times a second, however large the fleet. */
const LONGEST_GAP_MS = 100;

/**
 * The least time between two feed messages to a page that knows `robots` robots: 20 ms at 1,000
 * (about one per frame: no later than before), 100 ms from 5,000, where a pass over the list costs
 * the page the most and a status waits on average another 50 ms.
 */
export const feedGapMs = (robots: number) => Math.min(LONGEST_GAP_MS, robots / ROBOTS_PER_MS);

const snOf = (status: unknown) => (status as { sn?: unknown } | null)?.sn;

export function createRobotFeedGather(post: (part: FeedPart) => void, gapMs: () => number): RobotFeedGather {
  let gathered: FeedPart | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPost = Number.NEGATIVE_INFINITY;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!gathered) return;
    const part = gathered;
    gathered = undefined;
    lastPost = performance.now();
    post(part);
  };

  /** Whether `part` brings a status of a robot the gathered message removes: it must not arrive first. */
  const undoesRemoval = (part: FeedPart) => {
    if (!gathered || gathered.removed.length === 0) return false;
    const removed = new Set(gathered.removed);
    return part.statuses.some((status) => removed.has(snOf(status)));
  };

  return {
    add(part) {
      if (undoesRemoval(part)) flush();
      gathered = gathered
        ? {
            ...gathered,
            ...part,
            statuses: gathered.statuses.concat(part.statuses),
            removed: gathered.removed.concat(part.removed),
            heard: gathered.heard.concat(part.heard),
          }
        : part;
      if (timer !== undefined) return;
      const wait = lastPost + gapMs() - performance.now();
      if (wait <= 0) flush();
      else timer = setTimeout(flush, wait);
    },
    flush,
  };
}
