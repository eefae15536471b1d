import {
  BATTERY_WARNING_BELOW,
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

/**
 * What the dashboard counts, from the live robot list and the tracks: robots by connection and
 * health (the protocol's one health rule, already applied to each robot), alarms, low batteries,
 * and tracks by controller status. `attention` holds the robots that are not healthy, the worst
 * first; `troubledTracks` the tracks whose controller reports an error.
 */
export function fleetSummary(robots: readonly Robot[], tracks: readonly Track[]) {
  const attention = robots
    .filter((r) => r.health !== 'normal')
    .sort((a, b) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health] || a.sn.localeCompare(b.sn));
  return {
    robots: robots.length,
    byConnection: count<RobotConnection, Robot>(ROBOT_CONNECTIONS, robots, (r) => r.connection),
    byHealth: count<RobotHealth, Robot>(ROBOT_HEALTHS, robots, (r) => r.health),
    alarms: robots.reduce((sum, r) => sum + r.alarms.length, 0),
    lowBattery: robots.filter((r) => r.battery < BATTERY_WARNING_BELOW).length,
    attention,
    tracks: tracks.length,
    byTrackStatus: count<number, Track>(STATUS_CODES, tracks, (t) => t.statusCode),
    troubledTracks: tracks.filter((t) => t.statusCode === 4 || t.errorCode > 0),
  };
}

export type FleetSummary = ReturnType<typeof fleetSummary>;
