import { BATTERY_WARNING_BELOW, type Robot, type RobotConnection, type RobotHealth, type Track } from '@railserve/protocol';

/*
 * The dashboard's figures, each defined once (docs/web-console.md, "Dashboard figures"): the
 * summary counts robots and tracks with the predicates below, and every place that shows a figure
 * (the tiles, the server line, the lists) reads it through the function here, never on its own.
 */

/**
 * Low battery: below the health rule's warning threshold, or the robot itself says so with its
 * `low_battery` alarm (a robot clears it only some points above the threshold, while it charges),
 * so the tile counts every robot the attention list shows as low on battery.
 */
export const hasLowBattery = (robot: Pick<Robot, 'battery' | 'alarms'>) =>
  robot.battery < BATTERY_WARNING_BELOW || robot.alarms.includes('low_battery');

/** Needs attention: the protocol's health rule (robotHealth) says other than normal. */
export const needsAttention = (robot: Pick<Robot, 'health'>) => robot.health !== 'normal';

/** In error: the controller reports status 4 (error) or an error code. */
export const isTrackInError = (track: Pick<Track, 'statusCode' | 'errorCode'>) => track.statusCode === 4 || track.errorCode > 0;

type RobotCounts = {
  robots: number;
  byConnection: Record<RobotConnection, number>;
  byHealth: Record<RobotHealth, number>;
  alarms: number;
  lowBattery: number;
};
type TrackCounts = { tracks: number; troubledTracks: readonly unknown[] };

/** Robots online, of every robot the console knows (the live robot list, not the server's periodic count). */
export const robotsOnline = (s: RobotCounts) => ({ count: s.byConnection.online, total: s.robots });
/** Robots whose health is critical, or warning. */
export const robotsOfHealth = (s: RobotCounts, health: Exclude<RobotHealth, 'normal'>) => s.byHealth[health];
/** Alarms active now, every robot's together. */
export const activeAlarms = (s: RobotCounts) => s.alarms;
/** Robots low on battery (hasLowBattery). */
export const robotsLowOnBattery = (s: RobotCounts) => s.lowBattery;
/** Tracks in error (isTrackInError), of every track. */
export const tracksInError = (s: TrackCounts) => ({ count: s.troubledTracks.length, total: s.tracks });

/** "3 / 8". */
export const ofTotal = ({ count, total }: { count: number; total: number }) => `${count} / ${total}`;
