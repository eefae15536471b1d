import type { Robot } from '@railserve/protocol';
import { findRobot } from '../api/robot-index.ts';
import { filterRobots, lastTrackNames, type RobotFilters } from './robot-filters.ts';
import { DEFAULT_ROBOT_SORT, type RobotSort, robotRows, sortRobots } from './robot-order.ts';

type RobotsViewOptions = { filters: RobotFilters; sort: RobotSort | undefined; settingsSn: string | null };

/**
 * What the robots screen derives from the live fleet (`useRobots(view)`): the rows, the robots'
 * SNs in the order shown, which stay equal while no robot joins, leaves or moves, so a live
 * change renders only that robot's visible cells (robots-table.tsx); the tracks for the track
 * filter; the fleet's size; the robot whose settings are open.
 */
export const robotsView =
  ({ filters, sort, settingsSn }: RobotsViewOptions) =>
  (all: Robot[]) => ({
    rows: robotRows(sortRobots(filterRobots(all, filters), sort ?? DEFAULT_ROBOT_SORT)),
    tracks: lastTrackNames(all),
    total: all.length,
    settingsRobot: settingsSn ? (findRobot(all, settingsSn) ?? null) : null,
  });
