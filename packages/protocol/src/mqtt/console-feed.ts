import { z } from 'zod';
import { robotStatusPayload, sn } from './payloads.ts';

/**
 * The consoles' robot feed on `hcpro4/console/robots` (docs/protocol.md): every robot status the
 * server took in, gathered for `CONSOLE_FEED.gatherMs` and sent as one message, the newest status
 * of each robot only, so a console receives a few messages a second instead of one per status of
 * every robot. `removed` names robots taken out of the fleet since the last message. Each server
 * instance sends what it ingested itself; a console merges them all. The payload is the message's
 * JSON text compressed as a zlib stream (RFC 1950, `compressionLevel`); a payload that starts with
 * `{` is the JSON text itself.
 */
export const CONSOLE_FEED = {
  /** How long statuses gather before they are sent: the most a status waits on the server. */
  gatherMs: 20,
  /** The most statuses in one message (a burst, e.g. retained statuses at start, is split). */
  maxStatuses: 500,
  /** zlib's level for the payload: the fastest; statuses repeat themselves, so it still shrinks them well. */
  compressionLevel: 1,
  /**
   * A status that changes nothing a console shows (an idle robot's heartbeat) goes out at most this
   * often per robot: enough for "last heard" and never close to the server's offline time.
   */
  unchangedEveryMs: 5000,
} as const;

export const consoleRobotsPayload = z.object({
  ts: z.iso.datetime({ offset: true }),
  statuses: z.array(robotStatusPayload).max(CONSOLE_FEED.maxStatuses),
  removed: z.array(sn).max(CONSOLE_FEED.maxStatuses),
});
export type ConsoleRobotsPayload = z.infer<typeof consoleRobotsPayload>;
