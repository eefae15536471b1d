import { parseJson, upgradeReportPayload } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { advanceRecord } from './repository.ts';

export type RecordListener = (record: { id: number; rolloutId: number | null; status: string }) => Promise<void> | void;

/**
 * Device reports on `HCP4/{sn}/upgrade` move update records: download complete, update complete
 * or failed with the reason. A robot moves only its own records, and a finished record stays
 * as it is. `onChange` hears every record that moved (the staged rollouts continue from there).
 */
export function startUpgradeIngest(app: FastifyInstance, onChange: RecordListener) {
  app.mqtt.handle('HCP4/+/upgrade', async (topic, payload) => {
    const sn = topic.split('/')[1];
    const parsed = upgradeReportPayload.safeParse(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic }, 'dropped an invalid update report');
      return;
    }
    const { recordId, stage, reason } = parsed.data;
    const failureReason = stage === 'failed' ? (reason ?? 'failed').replaceAll('\u0000', '') : null;
    const row = await advanceRecord(app.db, recordId, sn, stage, failureReason);
    if (!row) {
      app.log.warn({ sn, recordId, stage }, 'an update report for a record that is not this robot’s or is finished');
      return;
    }
    await onChange(row);
  });
}
