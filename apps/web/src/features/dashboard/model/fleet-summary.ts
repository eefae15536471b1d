import {
  compareSn,
  ROBOT_CONNECTIONS,
  ROBOT_HEALTHS,
  type Robot,
  type RobotConnection,
  type RobotHealth,
  type Track,
} from '@railserve/protocol';
import { HEALTH_RANK } from '../../../lib/robot-health.ts';
import { STATUS_CODES } from '../../../lib/track-labels.ts';
import { hasLowBattery, isTrackInError, needsAttention } from './figures.ts';

const zeros = <K extends string | number>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

const count = <K extends string | number, T>(keys: readonly K[], items: readonly T[], keyOf: (item: T) => K) => {
  const counts = zeros(keys);
  for (const item of items) counts[keyOf(item)] += 1;
  return counts;
};

/** The robots the dashboard lists by name, at most. */
export const ATTENTION_SHOWN = 8;
/**
 * A robot on the attention list: what places it there. The rest of it the list's cells read
 * themselves (useLiveRobot), so its battery or alarms changing renders those cells only.
 */
export type AttentionRobot = Pick<Robot, 'sn' | 'health'>;

/** The worst first, then by SN. */
const worseFirst = (a: Robot, b: Robot) => HEALTH_RANK[a.health] - HEALTH_RANK[b.health] || compareSn(a.sn, b.sn);

type Tally = {
  byConnection: Record<RobotConnection, number>;
  byHealth: Record<RobotHealth, number>;
  alarms: number;
  lowBattery: number;
  attentionTotal: number;
  /** The first robots needing attention, the worst first. */
  first: Robot[];
};

/** Adds a robot's share to the counts (`sign` -1 takes it away); answers whether it needs attention. */
function addShare(tally: Tally, robot: Robot, sign: 1 | -1): boolean {
  tally.byConnection[robot.connection] += sign;
  tally.byHealth[robot.health] += sign;
  tally.alarms += sign * robot.alarms.length;
  if (hasLowBattery(robot)) tally.lowBattery += sign;
  if (!needsAttention(robot)) return false;
  tally.attentionTotal += sign;
  return true;
}

/** The first robots needing attention, in one pass: kept in order as they come, never the whole list sorted. */
function firstNeedingAttention(robots: readonly Robot[]): Robot[] {
  const first: Robot[] = [];
  for (const robot of robots) {
    if (!needsAttention(robot)) continue;
    if (first.length === ATTENTION_SHOWN && worseFirst(robot, first[ATTENTION_SHOWN - 1]) >= 0) continue;
    let at = first.length;
    while (at > 0 && worseFirst(robot, first[at - 1]) < 0) at -= 1;
    first.splice(at, 0, robot);
    if (first.length > ATTENTION_SHOWN) first.pop();
  }
  return first;
}

function tallyOf(robots: readonly Robot[]): Tally {
  const tally: Tally = {
    byConnection: zeros<RobotConnection>(ROBOT_CONNECTIONS),
    byHealth: zeros<RobotHealth>(ROBOT_HEALTHS),
    alarms: 0,
    lowBattery: 0,
    attentionTotal: 0,
    first: firstNeedingAttention(robots),
  };
  for (const robot of robots) addShare(tally, robot, 1);
  return tally;
}

const summaryOf = (tally: Tally, robots: number) => ({
  robots,
  byConnection: { ...tally.byConnection },
  byHealth: { ...tally.byHealth },
  alarms: tally.alarms,
  lowBattery: tally.lowBattery,
  attention: tally.first.map(({ sn, health }): AttentionRobot => ({ sn, health })),
  attentionTotal: tally.attentionTotal,
});

/**
 * What the dashboard counts of the live robot list: robots by connection and health (the
 * protocol's one health rule, already applied to each robot), alarms and low batteries.
 * `attention` holds the first of the robots that are not healthy, the worst first, and
 * `attentionTotal` how many there are. Only what is shown is kept, so a status that changes none
 * of it leaves the summary equal (the dashboard does not render again).
 */
export const robotSummary = (robots: readonly Robot[]) => summaryOf(tallyOf(robots), robots.length);

export type RobotSummary = ReturnType<typeof robotSummary>;

/**
 * `robotSummary` as the live list changes (`useRobots(view)`, one per page): a frame of changes
 * costs what it changed. The counts take each changed robot's old share away and add its new one;
 * the attention list is found again only when a changed robot is on it or would join it.
 * A list that gained, lost or reordered robots is counted afresh.
 */
export function liveRobotSummary() {
  let last: { robots: readonly Robot[]; tally: Tally; summary: RobotSummary } | undefined;
  return (robots: readonly Robot[]): RobotSummary => {
    const tally = last && robots.length === last.robots.length ? recount(last.robots, robots, last.tally) : undefined;
    const next = tally ?? tallyOf(robots);
    const summary = last && tally && last.tally === tally ? last.summary : summaryOf(next, robots.length);
    last = { robots, tally: next, summary };
    return summary;
  };
}

/** The tally after the changes between two lists of the same robots; the same tally when nothing changed; undefined when they are not the same robots. */
function recount(before: readonly Robot[], robots: readonly Robot[], tally: Tally): Tally | undefined {
  let next: Tally | undefined;
  let findFirst = false;
  for (let i = 0; i < robots.length; i++) {
    const was = before[i];
    const is = robots[i];
    if (was === is) continue;
    if (was.sn !== is.sn) return undefined;
    next ??= { ...tally, byConnection: { ...tally.byConnection }, byHealth: { ...tally.byHealth } };
    addShare(next, was, -1);
    const needs = addShare(next, is, 1);
    const lastShown = tally.first[ATTENTION_SHOWN - 1];
    if (tally.first.includes(was) || (needs && (!lastShown || worseFirst(is, lastShown) < 0))) findFirst = true;
  }
  if (next && findFirst) next.first = firstNeedingAttention(robots);
  return next ?? tally;
}

/** The tracks by controller status, and those whose controller reports an error. */
export function trackSummary(tracks: readonly Track[]) {
  return {
    tracks: tracks.length,
    byTrackStatus: count<number, Track>(STATUS_CODES, tracks, (t) => t.statusCode),
    troubledTracks: tracks.filter(isTrackInError),
  };
}

export type FleetSummary = RobotSummary & ReturnType<typeof trackSummary>;
