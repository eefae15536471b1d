import type { Robot } from '@railserve/protocol';

/**
 * When each robot was last heard from. A heartbeat that changes nothing else on screen is noted
 * here, not in the query cache, so it costs no render; the last-update column reads it on its
 * own clock tick.
 */
const heard = new Map<string, string>();

export const noteHeard = (sn: string, at: string) => void heard.set(sn, at);

/** The later of the robot's own last update and when it was last heard (ISO times compare as text). */
export function lastHeard(robot: Pick<Robot, 'sn' | 'lastUpdate'>): string {
  const at = heard.get(robot.sn);
  return at !== undefined && at > robot.lastUpdate ? at : robot.lastUpdate;
}
