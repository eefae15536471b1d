import { deflateSync } from 'node:zlib';
import { CONSOLE_FEED, type ConsoleRobotsPayload, type RobotStatusPayload } from '@railserve/protocol';

export type ConsoleFeed = {
  /**
   * A status the fleet took in: the newest of each robot goes out with the next message, unless it
   * repeats the last one sent and that went out less than CONSOLE_FEED.unchangedEveryMs ago.
   */
  status(status: RobotStatusPayload): void;
  /** A robot taken out of the fleet. */
  removal(sn: string): void;
  close(): void;
};

/** What a console shows of a status: every field but its time. */
const shownOf = (s: RobotStatusPayload) =>
  `${s.connection}|${s.state}|${s.battery}|${s.trackId}|${s.trackName}|${s.point}|${s.target}|${s.alarms}|${s.firmware}|${s.ip}|${s.name}`;

/**
 * The consoles' robot feed (`hcpro4/console/robots`, packages/protocol console-feed.ts): statuses
 * gather for `gatherMs` from the first one, then go out as one message per `maxStatuses`. Nothing
 * is sent while nothing arrives, and an idle robot's heartbeats only every `unchangedEveryMs`.
 */
export function createConsoleFeed(
  send: (payload: ConsoleRobotsPayload) => void,
  gatherMs: number = CONSOLE_FEED.gatherMs,
  unchangedEveryMs: number = CONSOLE_FEED.unchangedEveryMs,
  now: () => number = Date.now,
): ConsoleFeed {
  /** What went out last of each robot, and when. */
  const sent = new Map<string, { shown: string; at: number }>();
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
      const shown = shownOf(status);
      const at = now();
      const last = sent.get(status.sn);
      if (last?.shown === shown && at - last.at < unchangedEveryMs) return;
      sent.set(status.sn, { shown, at });
      removed.delete(status.sn);
      statuses.set(status.sn, status);
      schedule();
    },
    removal(sn) {
      sent.delete(sn);
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
