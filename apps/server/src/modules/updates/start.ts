import { formatUpdateFailure, isBusyAnswer } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { signUpdateFiles } from './files/service.ts';
import { advanceRecord } from './records/repository.ts';
import { type RecordListener, startUpgradeIngest } from './records/upgrade-ingest.ts';
import { inRunningRollout } from './rollouts/repository.ts';
import { holdBusyRobot, startRolloutRetries } from './rollouts/retry.ts';
import { continueRollout } from './rollouts/service.ts';

/**
 * The device side of updates: every stored file signed by this server's key; upgrade reports
 * move records, and an `update` command the robot refused or never answered fails its record
 * with the reason; a rollout continues or stops. A rollout's robot that answers "busy" is not
 * failed: it waits and is asked again (rollouts/retry.ts) until its deadline.
 */
export async function startUpdates(app: FastifyInstance) {
  await signUpdateFiles(app);
  const onRecord: RecordListener = async (record) => {
    if (record.rolloutId) await continueRollout(app, record.rolloutId);
  };
  startUpgradeIngest(app, onRecord);
  app.commands.onAnswered((command) => {
    const recordId = command.args?.recordId;
    if (command.command !== 'update' || typeof recordId !== 'number' || command.status === 'acknowledged') return;
    const sn = typeof command.args?.sn === 'string' ? command.args.sn : command.target;
    const reason =
      command.status === 'timed_out'
        ? formatUpdateFailure('timed_out')
        : formatUpdateFailure('device_refused', { error: command.error ?? '' });
    const answered = async () => {
      if (command.status === 'failed' && isBusyAnswer(command.error) && (await inRunningRollout(app.db, recordId))) {
        if (await holdBusyRobot(app, recordId)) return;
      }
      const row = await advanceRecord(app.db, recordId, sn, 'failed', reason.slice(0, 500));
      if (row) await onRecord(row);
    };
    answered().catch((error) => app.log.error({ err: error }, 'failing an update record failed'));
  });
  startRolloutRetries(app);
}
