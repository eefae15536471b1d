import { formatUpdateFailure } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { findKnownRobot } from '../../robots/known.ts';
import { advanceRecord } from '../records/repository.ts';
import { sendRobotUpdate } from '../records/update-command.ts';
import { claimRetry, dueRetries, holdRecord } from './repository.ts';
import { continueRollout } from './service.ts';

/** The longest a due retry waits for the next look (a shorter retry interval looks more often). */
const LOOK_EVERY_MAX_MS = 5000;

/**
 * A rollout's robot answered its `update` command with "busy" (or starting up, or installing):
 * not a failure. It is asked again after ROLLOUT_RETRY_S while the others go on; answers false
 * when the record is no longer waiting (then the caller fails it as before).
 */
export async function holdBusyRobot(app: FastifyInstance, recordId: number): Promise<boolean> {
  const now = new Date();
  return Boolean(await holdRecord(app.db, recordId, new Date(now.getTime() + app.config.rolloutRetryMs), now));
}

/**
 * One look at the waiting robots: a robot past its deadline (ROLLOUT_BUSY_DEADLINE_S since its
 * first "busy") fails, and the rollout's failure rules apply; an offline robot waits another
 * round; any other is sent its command again. Each retry is claimed first, so two server
 * instances never send it twice.
 */
export async function retryBusyRobots(app: FastifyInstance, now = new Date()) {
  for (const { record, username } of await dueRetries(app.db, now)) {
    if (!record.retryAt || !(await claimRetry(app.db, record.id, record.retryAt))) continue;
    const since = record.busySince?.getTime() ?? now.getTime();
    if (now.getTime() - since >= app.config.rolloutBusyDeadlineMs) {
      const failed = await advanceRecord(app.db, record.id, record.deviceSerial, 'failed', formatUpdateFailure('busy_deadline'));
      if (failed?.rolloutId) await continueRollout(app, failed.rolloutId);
      continue;
    }
    const robot = await findKnownRobot(app, record.deviceSerial);
    if (robot?.connection !== 'online') {
      await holdBusyRobot(app, record.id);
      continue;
    }
    try {
      await sendRobotUpdate(app, record.deviceSerial, record.id, username);
    } catch (error) {
      app.log.warn({ err: error, recordId: record.id }, 'a rollout retry could not be sent; asking again later');
      await holdBusyRobot(app, record.id);
    }
  }
}

/** Looks for due retries on a timer while the server runs (started by updates/start.ts). */
export function startRolloutRetries(app: FastifyInstance) {
  const every = Math.min(app.config.rolloutRetryMs, LOOK_EVERY_MAX_MS);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    app.faultGuard.run({ where: 'the rollout retries' }, () =>
      retryBusyRobots(app).finally(() => {
        running = false;
      }),
    );
  }, every);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
