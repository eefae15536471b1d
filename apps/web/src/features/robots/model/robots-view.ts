import type { Robot } from '@railserve/protocol';
import { findRobot } from '../api/robot-index.ts';
import { lastTrackNames, type RobotFilters, robotMatcher } from './robot-filters.ts';
import { DEFAULT_ROBOT_SORT, type RobotRow, type RobotSort, robotRows, sortRobots, sortsAlike } from './robot-order.ts';

type RobotsViewOptions = { filters: RobotFilters; sort: RobotSort | undefined; settingsSn: string | null };
type RobotsView = { rows: RobotRow[]; tracks: string[]; total: number; settingsRobot: Robot | null };

/**
 * What the robots screen derives from the live fleet (`useRobots(view)`): the rows, the robots'
 * SNs in the order shown, which stay equal while no robot joins, leaves or moves, so a live
 * change renders only that robot's visible cells (robots-table.tsx); the tracks for the track
 * filter; the fleet's size; the robot whose settings are open.
 *
 * A frame of live changes costs what it changed: when the changed robots keep their place (each
 * still in or out of the filter, sorting as before, on the same last track), the last rows and
 * tracks are kept and the fleet is neither filtered nor sorted again.
 */
export function robotsView({ filters, sort = DEFAULT_ROBOT_SORT, settingsSn }: RobotsViewOptions) {
  const matches = robotMatcher(filters);
  let last: { all: Robot[]; view: RobotsView } | undefined;

  /** What changed between the last list and this one leaves the rows (and the tracks) as they were. */
  const keeps = (before: Robot[], all: Robot[]) => {
    let rows = before.length === all.length;
    let tracks = rows;
    for (let i = 0; i < all.length && (rows || tracks); i++) {
      const was = before[i];
      const is = all[i];
      if (was === is) continue;
      if (was.sn !== is.sn) return { rows: false, tracks: false };
      const shown = matches(is);
      if (shown !== matches(was) || (shown && !sortsAlike(sort, was, is))) rows = false;
      if (was.lastTrackName !== is.lastTrackName) tracks = false;
    }
    return { rows, tracks };
  };

  return (all: Robot[]): RobotsView => {
    const kept = last ? keeps(last.all, all) : { rows: false, tracks: false };
    const rows = kept.rows && last ? last.view.rows : robotRows(sortRobots(all.filter(matches), sort));
    const tracks = kept.tracks && last ? last.view.tracks : lastTrackNames(all);
    const settingsRobot = settingsSn ? (findRobot(all, settingsSn) ?? null) : null;
    const previous = last?.view;
    const view =
      previous && previous.rows === rows && previous.tracks === tracks && previous.settingsRobot === settingsRobot
        ? previous
        : { rows, tracks, total: all.length, settingsRobot };
    last = { all, view };
    return view;
  };
}
