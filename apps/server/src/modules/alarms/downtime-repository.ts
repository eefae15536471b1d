import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { Period } from './report-repository.ts';

/**
 * A robot's downtime on a track (`code` null), or in one code (`trackId` null), in seconds. A
 * robot's overlapping alarms are joined into one stretch, which counts for the track of the alarm
 * that began it; one code never overlaps itself on one robot (one active alarm per robot and code).
 */
export type DowntimeRow = { robotSn: string; trackId: number | null; code: string | null; seconds: number };

/**
 * The robots' downtime in the period: the active time of their alarms of `codes` clipped to the
 * period (one still active runs until `now`), overlapping alarms counted once (gaps and islands:
 * a span starts a new stretch when it begins after every earlier one of its robot ended). In the
 * database, in one pass, so a year of alarms is not read into memory.
 */
export async function downtimeOf(
  db: Database,
  { from, to }: Period,
  codes: readonly string[],
  now: Date,
): Promise<DowntimeRow[]> {
  if (codes.length === 0) return [];
  const start = sql`${from.toISOString()}::timestamptz`;
  const stop = sql`${to.toISOString()}::timestamptz`;
  const end = sql`${(now < to ? now : to).toISOString()}::timestamptz`;
  const codeList = sql.join(
    codes.map((c) => sql`${c}`),
    sql`, `,
  );
  const result = await db.execute<DowntimeRow>(sql`
    WITH spans AS (
      SELECT robot_sn, track_id, code, greatest(raised_at, ${start}) AS a, least(coalesce(cleared_at, ${end}), ${stop}) AS b
      FROM alarms
      WHERE code IN (${codeList}) AND raised_at < ${stop} AND (cleared_at IS NULL OR cleared_at > ${start})
    ), marked AS (
      SELECT robot_sn, track_id, a, b,
        CASE WHEN a <= max(b) OVER (PARTITION BY robot_sn ORDER BY a, b ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING)
          THEN 0 ELSE 1 END AS starts
      FROM spans WHERE b > a
    ), islands AS (
      SELECT robot_sn, track_id, a, b, sum(starts) OVER (PARTITION BY robot_sn ORDER BY a, b ROWS UNBOUNDED PRECEDING) AS island
      FROM marked
    ), stretches AS (
      SELECT robot_sn, (array_agg(track_id ORDER BY a, b))[1] AS track_id, min(a) AS a, max(b) AS b
      FROM islands GROUP BY robot_sn, island
    )
    SELECT robot_sn AS "robotSn", track_id AS "trackId", NULL::text AS "code", sum(extract(epoch FROM (b - a)))::float8 AS "seconds"
    FROM stretches GROUP BY robot_sn, track_id
    UNION ALL
    SELECT robot_sn, NULL::int, code, sum(extract(epoch FROM (b - a)))::float8
    FROM spans WHERE b > a GROUP BY robot_sn, code`);
  return result.rows;
}
