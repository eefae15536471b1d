import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { isDataError } from '../../lib/db-errors.ts';
import type { LiveRobot } from './live-state.ts';
import { upsertLiveRobots } from './repository.ts';

/** Rows per statement: 14 parameters each stays far below PostgreSQL's 65,535. */
const CHUNK = 1000;

export type StoreResult = {
  /** Rows written (`inserted`: registered by this write); rows another instance had newer news for are left out. */
  written: { sn: string; inserted: boolean }[];
  /** States not written because the database was unreachable: write them again later. */
  retry: LiveRobot[];
  statements: number;
};

/**
 * Writes robot states in multi-row statements. A state the database refuses (a data error) is
 * retried alone, so it cannot hold back the others; a connection failure hands the batch back.
 */
export async function storeRobotStates(db: Database, log: FastifyBaseLogger, batch: LiveRobot[]): Promise<StoreResult> {
  const result: StoreResult = { written: [], retry: [], statements: 0 };
  for (let i = 0; i < batch.length; i += CHUNK) {
    const chunk = batch.slice(i, i + CHUNK);
    try {
      result.written.push(...(await upsertLiveRobots(db, chunk)));
      result.statements++;
    } catch (error) {
      if (!isDataError(error)) {
        log.error({ err: error, robots: chunk.length }, 'writing robot states failed; retrying');
        result.retry.push(...chunk);
        continue;
      }
      for (const robot of chunk) {
        try {
          result.written.push(...(await upsertLiveRobots(db, [robot])));
          result.statements++;
        } catch (refused) {
          log.error({ err: refused, sn: robot.sn }, 'robot state refused by the database');
        }
      }
    }
  }
  return result;
}
