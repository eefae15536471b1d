import { deflateSync } from 'node:zlib';
import { CONSOLE_FEED, type ConsoleRobotsPayload, type RobotStatusPayload } from '@railserve/protocol';

export type ConsoleFeed = {
  /** A status the fleet took in: the newest of each robot goes out with the next message. */
  status(status: RobotStatusPayload): void;
  /** A robot taken out of the fleet. */
  removal(sn: string): void;
  close(): void;
};

/**
 * The consoles' robot feed (`hcpro4/console/robots`, packages/protocol console-feed.ts): statuses
 * gather for `gatherMs` from the first one, then go out as one message per `maxStatuses`. Nothing
 * is sent while nothing arrives.
 */
export function createConsoleFeed(
  send: (payload: ConsoleRobotsPayload) => void,
  gatherMs: number = CONSOLE_FEED.gatherMs,
): ConsoleFeed {
  let statuses = new Map<string, RobotStatusPayload>();
  let removed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;

  const flush = () => {
    timer = undefined;
    const all = [...statuses.values()];
    const gone = [...removed];
    statuses = new Map();
    removed = new Set();
    const ts = new Date().toISOString();
    for (let i = 0; i < Math.max(all.length, gone.length); i += CONSOLE_FEED.maxStatuses) {
      send({ ts, statuses: all.slice(i, i + CONSOLE_FEED.maxStatuses), removed: gone.slice(i, i + CONSOLE_FEED.maxStatuses) });
    }
  };
  const schedule = () => {
    timer ??= setTimeout(flush, gatherMs);
  };

  return {
    status(status) {
      removed.delete(status.sn);
      statuses.set(status.sn, status);
      schedule();
    },
    removal(sn) {
      statuses.delete(sn);
      removed.add(sn);
      schedule();
    },
    close() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * A feed message as it goes on the broker: its JSON text, zlib-compressed at the fastest level
 * (docs/protocol.md). Statuses repeat their field names and mostly their values, so the
 * compressed message is a small share of the text for little compression time (docs/benchmarks.md,
 * "Console at fleet scale").
 */
export const encodeConsoleFeed = (payload: ConsoleRobotsPayload): Buffer =>
  deflateSync(JSON.stringify(payload), { level: CONSOLE_FEED.compressionLevel });
