import { robotStatusPayload } from '@railserve/protocol';

/**
 * The robot feed as the page gets it from the broker worker (broker-worker-host.ts): a status
 * that shows nothing new since the robot's last one the page got (the same fields but its `ts`)
 * travels only as the robot's SN in `heard`, so an idle fleet costs the page no status to read,
 * check or merge. The others are checked here with the protocol's schema, off the page's thread
 * (`checked`: the page does not check them again); one that fails it is left out, as the page
 * would leave it. Everything else of the message passes unchanged.
 *
 * `reset` makes the next status of every robot go through in full; the worker calls it on each
 * (re)connect and when the page has read robots from the server again (whose answer may be older
 * than what the page had), so a robot's next status brings the page up to date.
 */
export type RobotFeedFilter = {
  /** The feed message's text, read and rewritten; a text that is not a feed message passes as it is. */
  take(text: string): FeedPart | string;
  reset(): void;
  /** How many robots it knows: about the fleet's size once every robot has reported. */
  robots(): number;
};

/**
 * A feed message as the page gets it: `statuses` only the news, each as the protocol's schema
 * reads it (`checked`), `heard` the robots heard only.
 */
export type FeedPart = { statuses: unknown[]; removed: unknown[]; heard: string[]; checked: true; [key: string]: unknown };

/** The most robots remembered (the server holds at most 20,000); beyond it, everything passes. */
const MAX_ROBOTS = 50_000;

export function createRobotFeedFilter(): RobotFeedFilter {
  const shown = new Map<string, string>();

  const isNews = (status: unknown): boolean => {
    if (typeof status !== 'object' || status === null) return true;
    const { ts: _ts, ...rest } = status as { sn?: unknown; ts?: unknown };
    const sn = rest.sn;
    if (typeof sn !== 'string') return true;
    const key = JSON.stringify(rest);
    if (shown.get(sn) === key) return false;
    if (shown.size < MAX_ROBOTS || shown.has(sn)) shown.set(sn, key);
    return true;
  };

  return {
    take(text) {
      let feed: unknown;
      try {
        feed = JSON.parse(text);
      } catch {
        return text;
      }
      if (typeof feed !== 'object' || feed === null) return text;
      const { statuses, removed } = feed as { statuses?: unknown; removed?: unknown };
      if (!Array.isArray(statuses)) return text;
      const gone: unknown[] = Array.isArray(removed) ? removed : [];
      for (const sn of gone) if (typeof sn === 'string') shown.delete(sn);
      const news: unknown[] = [];
      const heard: string[] = [];
      for (const status of statuses) {
        if (!isNews(status)) {
          heard.push((status as { sn: string }).sn);
          continue;
        }
        const checked = robotStatusPayload.safeParse(status);
        if (checked.success) news.push(checked.data);
        // Not shown, so the robot's next status is news whatever it holds.
        else shown.delete((status as { sn?: string } | null)?.sn ?? '');
      }
      return { ...feed, statuses: news, removed: gone, heard, checked: true };
    },
    reset() {
      shown.clear();
    },
    robots: () => shown.size,
  };
}
