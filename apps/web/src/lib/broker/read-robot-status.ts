import { type RobotStatusPayload, robotStatusPayload } from '@railserve/protocol';
import type { IncomingMessage } from './broker-types.ts';

// Apart from robot-feed.ts, which the app takes at start: the schema library loads with the
// screens that read statuses, not with the sign-in screen (docs/benchmarks.md, "Weight of the login route").

/** A robot status message's payload as the protocol's schema reads it, undefined when it fails; checked once. */
export function readRobotStatus(message: IncomingMessage): RobotStatusPayload | undefined {
  if (message.checked) return message.json as RobotStatusPayload;
  const status = robotStatusPayload.safeParse(message.json);
  return status.success ? status.data : undefined;
}
