import {
  BATTERY_WARNING_BELOW,
  compareSn,
  ROBOT_CONNECTIONS,
  ROBOT_HEALTHS,
  type Robot,
  type RobotConnection,
  type RobotHealth,
  type Track,
} from '@railserve/protocol';
import { HEALTH_RANK } from '../../robots/hooks/robot-filters.ts';
import { STATUS_CODES } from '../../tracks/hooks/track-labels.ts';

const zeros = <K extends string | number>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

const count = <K extends string | number, T>(keys: readonly K[], items: readonly T[], keyOf: (item: T) => K) => {
  const counts = zeros(keys);
  for (const item of items) counts[keyOf(item)] += 1;
  return counts;
};

/** The robots the dashboard lists by name, at most. */
export const ATTENTION_SHOWN = 8;
/** A robot as the attention list shows it: when it was last heard is not shown, so not kept. */
export type AttentionRobot = Omit<Robot, 'lastUpdate'>;

/** The worst first, then by SN. */
const worseFirst = (a: Robot, b: Robot) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health] || compareSn(a.sn, b.sn);

/**
 * What the dashboard counts of the live robot list: robots by connection and health (the
 * protocol's one health rule, already applied to each robot), alarms and low batteries.
 * `attention` holds the first of the robots that are not healthy, the worst first, and
 * `attentionTotal` how many there are. Only what is shown is kept, so a status that changes none
 * of it leaves the summary equal (the dashboard does not render again). One pass over the fleet,
 * which runs on every live change: the first few are kept in order as they come, never the
 * whole list sorted.
 */
export function robotSummary(robots: readonly Robot[]) {
  const byConnection = zeros<RobotConnection>(ROBOT_CONNECTIONS);
  const byHealth = zeros<RobotHealth>(ROBOT_HEALTHS);
  let alarms = 0;
  let lowBattery = 0;
  let attentionTotal = 0;
  const first: Robot[] = [];
  for (const robot of robots) {
    byConnection[robot.connection] += 1;
    byHealth[robot.health] += 1;
    alarms += robot.alarms.length;
    if (robot.battery < BATTERY_WARNING_BELOW) lowBattery += 1;
    if (robot.health === 'normal') continue;
    attentionTotal += 1;
    if (first.length === ATTENTION_SHOWN && worseFirst(robot, first[ATTENTION_SHOWN - 1]) >= 0) continue;
    let at = first.length;
    while (at > 0 && worseFirst(robot, first[at - 1]) < 0) at -= 1;
    first.splice(at, 0, robot);
    if (first.length > ATTENTION_SHOWN) first.pop();
  }
  return {
    robots: robots.length,
    byConnection,
    byHealth,
    alarms,
    lowBattery,
    attention: first.map(({ lastUpdate: _, ...shown }): AttentionRobot => shown),
    attentionTotal,
  };
}

/** The tracks by controller status, and those whose controller reports an error. */
export function trackSummary(tracks: readonly Track[]) {
  return {
    tracks: tracks.length,
    byTrackStatus: count<number, Track>(STATUS_CODES, tracks, (t) => t.statusCode),
    troubledTracks: tracks.filter((t) => t.statusCode === 4 || t.errorCode > 0),
  };
}

export type FleetSummary = ReturnType<typeof robotSummary> & ReturnType<typeof trackSummary>;
