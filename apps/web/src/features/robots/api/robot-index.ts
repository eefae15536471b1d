import type { Robot } from '@railserve/protocol';

/**
 * Where each robot is in a list of robots. A list made by replacing robots in place (a live
 * change) shares its predecessor's index, so finding a robot costs the same at any fleet size.
 */
const indexes = new WeakMap<readonly Robot[], Map<string, number>>();

export function robotIndex(items: readonly Robot[]): Map<string, number> {
  let index = indexes.get(items);
  if (!index) {
    index = new Map(items.map((robot, i) => [robot.sn, i]));
    indexes.set(items, index);
  }
  return index;
}

/** Lists made from another by replacing robots in place. */
const inPlace = new WeakSet<readonly Robot[]>();

/** Marks `next` as holding every robot where `before` held it (same SNs, same places). */
export function shareRobotIndex(before: readonly Robot[], next: readonly Robot[]) {
  indexes.set(next, robotIndex(before));
  inPlace.add(next);
}

/** Whether the list was made by replacing robots of another in place (`shareRobotIndex`). */
export const madeInPlace = (items: readonly Robot[]) => inPlace.has(items);

/** The robot with this SN in the list, if any. */
export function findRobot(items: readonly Robot[], sn: string): Robot | undefined {
  const at = robotIndex(items).get(sn);
  return at === undefined ? undefined : items[at];
}
