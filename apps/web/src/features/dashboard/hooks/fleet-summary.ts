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
import { STATUS_CODES } from '../../tracks/hooks/track-labels.ts';

const count = <K extends string | number, T>(keys: readonly K[], items: readonly T[], keyOf: (item: T) => K) => {
  const counts = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const item of items) counts[keyOf(item)] += 1;
  return counts;
};

const HEALTH_RANK: Record<RobotHealth, number> = { critical: 0, warning: 1, normal: 2 };

/** The robots the dashboard lists by name, at most. */
export const ATTENTION_SHOWN = 8;
/** A robot as the attention list shows it: when it was last heard is not shown, so not kept. */
export type AttentionRobot = Omit<Robot, 'lastUpdate'>;

/**
 * What the dashboard counts of the live robot list: robots by connection and health (the
 * protocol's one health rule, already applied to each robot), alarms and low batteries.
 * `attention` holds the first of the robots that are not healthy, the worst first, and
 * `attentionTotal` how many there are. Only what is shown is kept, so a status that changes none
 * of it leaves the summary equal (the dashboard does not render again).
 */
export function robotSummary(robots: readonly Robot[]) {
  const attention = robots
    .filter((r) => r.health !== 'normal')
    .sort((a, b) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health] || compareSn(a.sn, b.sn));
  return {
    robots: robots.length,
    byConnection: count<RobotConnection, Robot>(ROBOT_CONNECTIONS, robots, (r) => r.connection),
    byHealth: count<RobotHealth, Robot>(ROBOT_HEALTHS, robots, (r) => r.health),
    alarms: robots.reduce((sum, r) => sum + r.alarms.length, 0),
    lowBattery: robots.filter((r) => r.battery < BATTERY_WARNING_BELOW).length,
    attention: attention.slice(0, ATTENTION_SHOWN).map(({ lastUpdate: _, ...shown }): AttentionRobot => shown),
    attentionTotal: attention.length,
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
