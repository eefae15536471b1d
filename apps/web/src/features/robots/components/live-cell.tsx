import type { Robot } from '@railserve/protocol';
import type { ReactNode } from 'react';
import { useLiveRobot } from '../api/live-robot.ts';

/** A cell of one robot: it follows that robot's live changes by itself (see useLiveRobot). */
function LiveCell({ sn, show }: { sn: string; show: (robot: Robot) => ReactNode }) {
  const robot = useLiveRobot(sn);
  return robot ? show(robot) : null;
}

/**
 * A table column's `render` for rows that are robots' SNs: each cell shows its robot as it is
 * live, so a robot's change renders its own cells, not the table.
 */
export const liveCell = (show: (robot: Robot) => ReactNode) => (_: unknown, row: { sn: string }) => (
  <LiveCell sn={row.sn} show={show} />
);
