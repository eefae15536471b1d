import type { FastifyInstance } from 'fastify';
import { findRobot, type RobotRow, withLive } from './repository.ts';

/**
 * The robot as this instance knows it: its row with what this instance heard since the row was
 * written (`withLive`). What the API shows and what a command, an update or a rollout checks
 * (is it online?) are the same, so a robot shown online is never refused as offline.
 */
export const asKnown = (app: FastifyInstance, row: RobotRow) => withLive(row, app.robots.live(row.sn));

/** The robot by its serial number, as this instance knows it (`asKnown`); undefined when there is none. */
export async function findKnownRobot(app: FastifyInstance, sn: string) {
  const row = await findRobot(app.db, sn);
  return row && asKnown(app, row);
}
