import type { AlarmReport, AlarmReportQuery } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { downtimeCodesOf } from './downtime-codes.ts';
import { downtimeOf } from './downtime-repository.ts';
import { busiestFirst, emptySums, groupSums, toFigures } from './report-figures.ts';
import { type Period, raisedSums, robotNames, trackNames } from './report-repository.ts';

const ALL = 'all';

/**
 * The alarm report of a period `[from, to)`, per robot, per track and per code at once: the
 * alarms raised in it (count, mean time to acknowledge, to clear) and the downtime clipped to it.
 * An alarm counts for the track its robot was on when it was raised.
 */
export async function alarmReport(db: Database, query: AlarmReportQuery, now = Date.now()): Promise<AlarmReport> {
  const period: Period = { from: new Date(query.from), to: new Date(query.to) };
  const downtimeCodes = await downtimeCodesOf(db);
  const [raised, downtime] = await Promise.all([raisedSums(db, period), downtimeOf(db, period, downtimeCodes, new Date(now))]);
  // Stretches per robot and track; each code's own time apart.
  const perTrack = downtime.filter((d) => d.code === null);
  const perCode = downtime.filter((d) => d.code !== null);

  const byRobotSums = groupSums(raised, perTrack, (r) => r.robotSn);
  const byTrackSums = groupSums(raised, perTrack, (r) => r.trackId);
  const byCodeSums = groupSums(raised, perCode, (r) => r.code ?? '');
  const totalSums = groupSums(raised, perTrack, () => ALL).get(ALL) ?? emptySums();

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
    total: toFigures(totalSums),
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
