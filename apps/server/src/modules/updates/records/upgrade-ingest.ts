import { formatLogEvent, parseJson, topicFilters, upgradeReportPayload } from '@railserve/protocol';
import type { FastifyInstance } from 'fastify';
import { boundedMap } from '../../../lib/attempt-throttle.ts';
import { judgeReport } from './report-rules.ts';
import { findRecord, moveReportedRecord } from './repository.ts';

export type RecordListener = (record: { id: number; rolloutId: number | null; status: string }) => Promise<void> | void;

/** A robot that keeps sending refused reports gets one event-log line per this period, not one per report. */
const REFUSAL_LOG_EVERY_MS = 60_000;

/**
 * Device reports on `HCP4/{sn}/upgrade` move update records: download complete, update complete
 * or failed with the reason, in that order and only as report-rules.ts allows. A refused report
 * changes nothing and is logged (the server log each time, the event log once a minute per robot).
 * `onChange` hears every record that moved (the staged rollouts continue from there).
 */
export function startUpgradeIngest(app: FastifyInstance, onChange: RecordListener) {
  const lastRefusalLogged = new Map<string, number>();

  const refused = (sn: string, message: string) => {
    app.log.warn({ sn }, message);
    const now = Date.now();
    if ((lastRefusalLogged.get(sn) ?? 0) + REFUSAL_LOG_EVERY_MS > now) return;
    lastRefusalLogged.delete(sn);
    boundedMap(lastRefusalLogged).set(sn, now);
    app.eventLog.write({ source: 'robot', level: 'warning', type: 'update', message, robotSn: sn });
  };

  app.mqtt.handle(topicFilters.robotUpgrade, async (topic, payload) => {
    const sn = topic.split('/')[1];
    const parsed = upgradeReportPayload.safeParse(parseJson(payload));
    if (!parsed.success) {
      app.log.warn({ topic }, 'dropped an invalid update report');
      return;
    }
    const report = parsed.data;
    const found = await findRecord(app.db, report.recordId);
    const verdict = judgeReport(found?.record, sn, report);
    if (!verdict.ok) return refused(sn, formatLogEvent(verdict.refusal, verdict.values));
    const failureReason = report.stage === 'failed' ? (report.reason ?? 'failed').replaceAll('\u0000', '') : null;
    const row = await moveReportedRecord(app.db, report.recordId, verdict.from, {
      status: verdict.status,
      failureReason,
      ...(verdict.verified ? { verifiedAt: new Date() } : {}),
    });
    if (!row) return refused(sn, formatLogEvent('update_report_out_of_order', { recordId: report.recordId }));
    await onChange(row);
  });
}
