import type { LogEventMessage, UpgradeReportPayload } from '@railserve/protocol';

type RecordState = { deviceType: string; deviceSerial: string; status: string; version: string; downloadedBy: string | null };

export type ReportVerdict =
  | { ok: true; from: string; status: UpgradeReportPayload['stage']; verified: boolean }
  | { ok: false; refusal: LogEventMessage; values: Record<string, string | number> };

/** The status each report moves a record from: a report at any other point is out of order. */
const FROM: Record<UpgradeReportPayload['stage'], readonly string[]> = {
  download_complete: ['waiting_download'],
  update_complete: ['download_complete'],
  failed: ['waiting_download', 'download_complete'],
};

/**
 * Whether a robot's report on `HCP4/{sn}/upgrade` may move a record (docs/protocol.md, "Update
 * reports"): the record exists and is this robot's; it moves only forward, one step at a time
 * (a repeated report, or one after the record finished, is out of order); a download or an
 * installation counts only after the robot itself fetched the file with the code; and an
 * installation must name the record's version. Only that last step makes a record verified.
 */
export function judgeReport(record: RecordState | undefined, sn: string, report: UpgradeReportPayload): ReportVerdict {
  const values = { recordId: report.recordId };
  const refuse = (refusal: LogEventMessage, more: Record<string, string> = {}): ReportVerdict => ({
    ok: false,
    refusal,
    values: { ...values, ...more },
  });
  if (!record) return refuse('update_report_unknown');
  if (record.deviceType !== 'robot' || record.deviceSerial !== sn) return refuse('update_report_not_own');
  if (!FROM[report.stage].includes(record.status)) return refuse('update_report_out_of_order');
  if (report.stage !== 'failed' && record.downloadedBy !== sn) return refuse('update_report_not_downloaded');
  if (report.stage === 'update_complete' && report.firmware !== record.version) {
    return refuse('update_report_version', { expected: record.version, reported: report.firmware ?? '-' });
  }
  return { ok: true, from: record.status, status: report.stage, verified: report.stage === 'update_complete' };
}
