import { topics } from '@railserve/protocol';
import type { PageMessage } from './broker-worker-messages.ts';
import type { FeedPart } from './robot-feed-filter.ts';

/**
 * The broker's messages, gathered in the broker worker (broker-worker-host.ts) before they go to
 * the page: each post the page takes costs it a task, and each robot feed message a pass over the
 * whole robot list (a cache write, the screen's views of the list, a render), whatever it holds.
 * So a console of a large fleet gets the broker at most once per `feedGapMs(robots)`: the first
 * message after a quiet spell at once, those that follow within the gap together, in one post,
 * when the gap is over. The fleet's logs and alerts ride along: with several server instances,
 * each sending its own feed every 20 ms, and robots logging as they work, the page still takes
 * one post per gap, and writes what its feed messages bring in one cache write at the next frame
 * (robot-live-updates.ts).
 *
 * Nothing is lost or reordered: the post lists the messages in the order they came, a feed
 * message joins the one just before it when nothing came between them (statuses, heard robots and
 * removals joined in order, unless it brings a status of a robot the other removes), and `flush`
 * sends what is gathered before anything else reaches the page.
 */
export type MessageGather = {
  /** A robot feed message, as the worker's filter rewrote it (robot-feed-filter.ts). */
  feed(part: FeedPart): void;
  /** A message of any other topic, or a feed message the filter could not read. */
  message(message: PageMessage): void;
  /** Sends what is gathered now (before an event, an error or an answer). */
  flush(): void;
};

/** The gap grows by a millisecond for this many robots the page knows... */
const ROBOTS_PER_MS = 50;
/** ...up to this: the page takes the broker at most 20 times a second, however large the fleet. */
const LONGEST_GAP_MS = 50;

/**
 * The least time between two posts to a page that knows `robots` robots: 20 ms at 1,000 (about
 * one per frame), 50 ms from 2,500, so a status waits on average half the gap for it. A longer
 * gap saves little of the page's main thread and costs status → screen time at 5,000 robots
 * (docs/benchmarks.md, "Console at fleet scale").
 */
export const feedGapMs = (robots: number) => Math.min(LONGEST_GAP_MS, robots / ROBOTS_PER_MS);

const snOf = (status: unknown) => (status as { sn?: unknown } | null)?.sn;

/** Whether `part` brings a status of a robot `before` removes: joined, the status would arrive first. */
const undoesRemoval = (before: FeedPart, part: FeedPart) => {
  if (before.removed.length === 0) return false;
  const removed = new Set(before.removed);
  return part.statuses.some((status) => removed.has(snOf(status)));
};

const joined = (before: FeedPart, part: FeedPart): FeedPart => ({
  ...before,
  ...part,
  statuses: before.statuses.concat(part.statuses),
  removed: before.removed.concat(part.removed),
  heard: before.heard.concat(part.heard),
});

type Gathered = PageMessage | { part: FeedPart };

export function createMessageGather(post: (messages: PageMessage[]) => void, gapMs: () => number): MessageGather {
  let gathered: Gathered[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastPost = Number.NEGATIVE_INFINITY;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (gathered.length === 0) return;
    const messages = gathered.map((item) =>
      'part' in item ? { topic: topics.consoleRobots, payload: JSON.stringify(item.part) } : item,
    );
    gathered = [];
    lastPost = performance.now();
    post(messages);
  };

  const add = (item: Gathered) => {
    const last = gathered[gathered.length - 1];
    if ('part' in item && last && 'part' in last && !undoesRemoval(last.part, item.part))
      gathered[gathered.length - 1] = { part: joined(last.part, item.part) };
    else gathered.push(item);
    if (timer !== undefined) return;
    const wait = lastPost + gapMs() - performance.now();
    if (wait <= 0) flush();
    else timer = setTimeout(flush, wait);
  };

  return { feed: (part) => add({ part }), message: add, flush };
}
