import type { Robot } from '@railserve/protocol';
import { type ReactNode, useMemo } from 'react';
import { useLiveRobot } from '../api/live-robot.ts';

type Show = (robot: Robot) => ReactNode;

/** A field's value as the cell compares it: a list by its items, since a status brings a new list each time. */
const compared = (value: unknown) => (Array.isArray(value) ? value.join('\n') : value);

/**
 * A cell of one robot: it follows that robot's live changes by itself (see useLiveRobot). Given
 * the fields it shows, it renders what it shows again only when one of them changes, so a robot
 * charging renders its battery cell and leaves its name, tags and tooltips as they are. `show`
 * must keep its identity (a module's function) for that.
 */
export function LiveCell({ sn, show, fields }: { sn: string; show: Show; fields?: readonly (keyof Robot)[] }) {
  const robot = useLiveRobot(sn);
  const shown = fields ? fields.map((field) => compared(robot?.[field])) : [robot];
  // biome-ignore lint/correctness/useExhaustiveDependencies: the robot counts only through the fields the cell shows.
  return useMemo(() => (robot ? show(robot) : null), [show, robot === undefined, ...shown]);
}

/**
 * A table column's `render` for rows that are robots' SNs: each cell shows its robot as it is
 * live, so a robot's change renders its own cells, not the table. `fields`: what `show` reads of
 * the robot (all of it when not given).
 */
export const liveCell = (show: Show, fields?: readonly (keyof Robot)[]) => (_: unknown, row: { sn: string }) => (
  <LiveCell sn={row.sn} show={show} fields={fields} />
);
