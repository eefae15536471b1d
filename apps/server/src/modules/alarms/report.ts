import type { AlarmReport, AlarmReportQuery } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { downtimeCodesOf } from './downtime-codes.ts';
import { busiestFirst, groupSums, toFigures } from './report-figures.ts';
import { activeSpans, type Period, raisedSums, robotNames, trackNames } from './report-repository.ts';

const ALL = 'all';

/**
 * The alarm report of a period `[from, to)`, per robot, per track and per code at once: the
 * alarms raised in it (count, mean time to acknowledge, to clear) and the downtime clipped to it.
 * An alarm counts for the track its robot was on when it was raised.
 */
export async function alarmReport(db: Database, query: AlarmReportQuery, now = Date.now()): Promise<AlarmReport> {
  const period: Period = { from: new Date(query.from), to: new Date(query.to) };
  const downtimeCodes = await downtimeCodesOf(db);
  const [raised, spans] = await Promise.all([raisedSums(db, period), activeSpans(db, period, downtimeCodes)]);

  const byRobotSums = groupSums(raised, spans, (r) => r.robotSn, period, now);
  const byTrackSums = groupSums(raised, spans, (r) => r.trackId, period, now);
  const byCodeSums = groupSums(raised, spans, (r) => r.code, period, now);
  const totalSums = groupSums(raised, spans, () => ALL, period, now).get(ALL);

  const [robotName, trackName] = await Promise.all([
    robotNames(db, [...byRobotSums.keys()]),
    trackNames(
      db,
      [...byTrackSums.keys()].filter((id): id is number => id !== null),
    ),
  ]);
  return {
    from: period.from.toISOString(),
    to: period.to.toISOString(),
    downtimeCodes,
    total: toFigures(totalSums ?? { count: 0, acknowledged: 0, ackSeconds: 0, cleared: 0, clearSeconds: 0, downtimeSeconds: 0 }),
    byRobot: [...byRobotSums]
      .map(([robotSn, s]) => ({ robotSn, robotName: robotName.get(robotSn) ?? null, ...toFigures(s) }))
      .sort((a, b) => busiestFirst(a, b) || a.robotSn.localeCompare(b.robotSn)),
    byTrack: [...byTrackSums]
      .map(([trackId, s]) => ({
        trackId,
        trackName: trackId === null ? null : (trackName.get(trackId) ?? null),
        ...toFigures(s),
      }))
      .sort((a, b) => busiestFirst(a, b) || (a.trackId ?? 0) - (b.trackId ?? 0)),
    byCode: [...byCodeSums]
      .map(([code, s]) => ({ code, ...toFigures(s) }))
      .sort((a, b) => busiestFirst(a, b) || a.code.localeCompare(b.code)),
  };
}
