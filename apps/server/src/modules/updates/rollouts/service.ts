import { type CreateRolloutBody, formatUpdateFailure, ROLLOUT_LIMITS } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { badRequest, conflict, notFound } from '../../../lib/errors.ts';
import { requireBroker } from '../../../lib/require-broker.ts';
import { findKnownRobot } from '../../robots/known.ts';
import { requireFile } from '../files/service.ts';
import { advanceRecord, insertRecord } from '../records/repository.ts';
import { sendRobotUpdate } from '../records/update-command.ts';
import { generateVerificationCode } from '../records/verification-code.ts';
import {
  findRollout,
  insertRollout,
  moveRollout,
  recentRollouts,
  resetFailedRecords,
  robotsInScope,
  rolloutRecords,
} from './repository.ts';

/** How many rollouts the list shows, newest first. */
const RECENT_ROLLOUTS = 10;

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * Sends records their update commands (one group's, or the ones a resume reset); a robot that
 * cannot take one fails its record at once. A robot's "busy" answer comes later (start.ts).
 */
async function dispatch(app: FastifyInstance, records: { id: number; deviceSerial: string }[], username: string) {
  for (const record of records) {
    try {
      const robot = await findKnownRobot(app, record.deviceSerial);
      const reason = robot?.connection === 'online' ? undefined : formatUpdateFailure('offline', { sn: record.deviceSerial });
      if (reason) {
        await advanceRecord(app.db, record.id, record.deviceSerial, 'failed', reason);
        continue;
      }
      await sendRobotUpdate(app, record.deviceSerial, record.id, username);
    } catch (error) {
      await advanceRecord(app.db, record.id, record.deviceSerial, 'failed', `not sent: ${reasonOf(error)}`);
    }
  }
}

const dispatchGroup = async (app: FastifyInstance, rolloutId: number, group: 'first' | 'rest', username: string) =>
  dispatch(
    app,
    (await rolloutRecords(app.db, rolloutId)).filter((r) => r.rolloutGroup === group),
    username,
  );

/**
 * Moves a rollout on after one of its records moved: the first failure stops it (and says
 * which robot and why); a first group all updated (verified) sends the rest; everything updated completes it.
 * Status moves are conditional, so two reports at once never send the rest twice.
 */
export async function continueRollout(app: FastifyInstance, rolloutId: number): Promise<void> {
  const records = await rolloutRecords(app.db, rolloutId);
  const failed = records.find((r) => r.status === 'failed');
  if (failed) {
    const stop = { status: 'stopped', stoppedSn: failed.deviceSerial, stoppedReason: failed.failureReason ?? 'failed' };
    (await moveRollout(app.db, rolloutId, 'first_group', stop)) ?? (await moveRollout(app.db, rolloutId, 'rest', stop));
    return;
  }
  // Only a verified completion counts (the device downloaded the file and reported its version):
  // an operator's edit to "update complete" opens no gate.
  const complete = (group: string) =>
    records.filter((r) => r.rolloutGroup === group).every((r) => r.status === 'update_complete' && r.verifiedAt !== null);
  if (!complete('first')) return;
  const rest = records.filter((r) => r.rolloutGroup === 'rest');
  if (rest.length === 0) {
    await moveRollout(app.db, rolloutId, 'first_group', { status: 'completed' });
    return;
  }
  const moved = await moveRollout(app.db, rolloutId, 'first_group', { status: 'rest' });
  if (moved) {
    await dispatchGroup(app, rolloutId, 'rest', moved.username);
    return continueRollout(app, rolloutId);
  }
  if (complete('rest')) await moveRollout(app.db, rolloutId, 'rest', { status: 'completed' });
}

/** Creates a record per robot in scope, sends the first group, and continues as their reports arrive. */
export async function createRollout(app: FastifyInstance, body: CreateRolloutBody, username: string) {
  const file = await requireFile(app, body.fileId);
  const robots = await robotsInScope(app.db, body.scope);
  if (robots.length === 0) throw badRequest('rollout_no_robots', 'No robots in the chosen scope');
  if (robots.length > ROLLOUT_LIMITS.robotsMax) {
    throw badRequest('bad_request', `At most ${ROLLOUT_LIMITS.robotsMax} robots per rollout`);
  }
  requireBroker(app);
  const rollout = await insertRollout(app.db, {
    fileId: file.id,
    scope: body.scope,
    firstGroupSize: body.firstGroupSize,
    status: 'first_group',
    username,
  });
  await app.db.transaction(async (tx) => {
    for (const [index, sn] of robots.entries()) {
      await insertRecord(tx, {
        deviceType: 'robot',
        version: file.version,
        deviceSerial: sn,
        status: 'waiting_download',
        fileId: file.id,
        verificationCode: generateVerificationCode(),
        rolloutId: rollout.id,
        rolloutGroup: index < body.firstGroupSize ? 'first' : 'rest',
      });
    }
  });
  await dispatchGroup(app, rollout.id, 'first', username);
  await continueRollout(app, rollout.id);
  return requireRollout(app, rollout.id);
}

/**
 * Resumes a stopped rollout: its failed robots are asked again (with a fresh deadline when busy)
 * and it goes on from the group it stopped in; the rest is sent once the first group is done.
 */
export async function resumeRollout(app: FastifyInstance, id: number) {
  const rollout = await requireRollout(app, id);
  if (rollout.status !== 'stopped') {
    throw conflict('rollout_not_stopped', `Rollout ${id} is ${rollout.status}, not stopped`);
  }
  requireBroker(app);
  const firstDone = rollout.robots.filter((r) => r.group === 'first').every((r) => r.status === 'update_complete');
  const status = firstDone && rollout.robots.some((r) => r.group === 'rest') ? 'rest' : 'first_group';
  const moved = await moveRollout(app.db, id, 'stopped', { status, stoppedSn: null, stoppedReason: null });
  if (!moved) throw conflict('rollout_not_stopped', `Rollout ${id} is no longer stopped`);
  const reset = await resetFailedRecords(app.db, id);
  // Only the group running now is sent: the rest's robots wait for the gate as before.
  await dispatch(
    app,
    reset.filter((r) => status === 'rest' || r.rolloutGroup === 'first'),
    moved.username,
  );
  await continueRollout(app, id);
  return requireRollout(app, id);
}

export async function requireRollout(app: FastifyInstance, id: number) {
  const found = await findRollout(app.db, id, app.config.rolloutBusyDeadlineMs);
  if (!found) throw notFound(`Rollout ${id}`);
  return found;
}

export const listRecentRollouts = (app: FastifyInstance) =>
  recentRollouts(app.db, RECENT_ROLLOUTS, app.config.rolloutBusyDeadlineMs);
