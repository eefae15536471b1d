import type { FastifyInstance } from 'fastify';
import { signUpdateFiles } from './files/service.ts';
import { advanceRecord } from './records/repository.ts';
import { type RecordListener, startUpgradeIngest } from './records/upgrade-ingest.ts';
import { continueRollout } from './rollouts/service.ts';

/**
 * The device side of updates: every stored file signed by this server's key; upgrade reports
 * move records, and an `update` command the robot refused or never answered fails its record
 * with the reason; a rollout continues or stops.
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
    const reason = command.status === 'timed_out' ? 'update command timed out' : `update command failed: ${command.error ?? ''}`;
    advanceRecord(app.db, recordId, sn, 'failed', reason.slice(0, 500))
      .then((row) => row && onRecord(row))
      .catch((error) => app.log.error({ err: error }, 'failing an update record failed'));
  });
}
