import { compareSn, ROBOT_SORT_FIELDS, type Robot } from '@railserve/protocol';
import { HEALTH_RANK } from '../../../lib/robot-health.ts';
import { lastHeard } from '../api/robot-heard.ts';

/** The columns the robots list sorts by: those the server sorts by, and the number of alarms. */
export const ROBOT_SORT_KEYS = [...ROBOT_SORT_FIELDS, 'alarms'] as const;
export type RobotSortKey = (typeof ROBOT_SORT_KEYS)[number];
export type RobotSort = { key: RobotSortKey; order: 'ascend' | 'descend' };

/** The list's order when the user picked none: by SN, as the server lists robots. */
export const DEFAULT_ROBOT_SORT: RobotSort = { key: 'sn', order: 'ascend' };

// One collator for every text sort: a fleet of thousands is sorted on each live change.
const collator = new Intl.Collator();
const byText = (key: 'name' | 'lastTrackName' | 'state' | 'connection') => (a: Robot, b: Robot) =>
  collator.compare(a[key] ?? '', b[key] ?? '');
// ISO times (the server's and the page's own, all UTC) compare as text: no date parsed per comparison.
const byTime = (at: (robot: Robot) => string) => (a: Robot, b: Robot) => {
  const x = at(a);
  const y = at(b);
  return x < y ? -1 : x > y ? 1 : 0;
};

const comparators: Record<RobotSortKey, (a: Robot, b: Robot) => number> = {
  sn: (a, b) => compareSn(a.sn, b.sn),
  name: byText('name'),
  lastTrackName: byText('lastTrackName'),
  connection: byText('connection'),
  battery: (a, b) => a.battery - b.battery,
  state: byText('state'),
  health: (a, b) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health],
  alarms: (a, b) => a.alarms.length - b.alarms.length,
  lastUpdate: byTime(lastHeard),
  registeredAt: byTime((robot) => robot.registeredAt),
};

/** Sorts in place by the column, robots that tie by SN, so rows never swap places among equals. */
export function sortRobots(robots: Robot[], sort: RobotSort): Robot[] {
  const compare = comparators[sort.key];
  const direction = sort.order === 'ascend' ? 1 : -1;
  return robots.sort((a, b) => direction * compare(a, b) || compareSn(a.sn, b.sn));
}

/**
 * Whether two versions of a robot sort alike by the column. The last update is never taken as
 * alike: the time a robot was last heard lives beside the list (robot-heard.ts), not in it.
 */
export const sortsAlike = (sort: RobotSort, a: Robot, b: Robot) => sort.key !== 'lastUpdate' && comparators[sort.key](a, b) === 0;

/** What a row of the robots list holds: the robot's SN; its cells read the live robot themselves. */
export type RobotRow = { readonly sn: string };

const rows = new Map<string, RobotRow>();
const rowOf = (sn: string) => {
  let row = rows.get(sn);
  if (!row) {
    row = { sn };
    rows.set(sn, row);
  }
  return row;
};

/**
 * The rows for these robots, in their order. A robot's row is the same object for as long as the
 * page lives, so the same robots in the same order make equal row lists however their statuses
 * changed, and the table does not render again.
 */
export const robotRows = (robots: readonly Robot[]): RobotRow[] => robots.map((robot) => rowOf(robot.sn));
