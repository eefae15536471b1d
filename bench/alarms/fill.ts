import { performance } from 'node:perf_hooks';
import { ALARM_CATALOGUE, alarmSeverityOf } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

export const ROBOTS = 1000;
export const TRACKS = 50;
export const SPAN_DAYS = 90;
/** The newest this many rows are active: each a different (robot, code), as the unique index wants. */
export const ACTIVE = 3000;
const CHUNK = 200_000;

/** The catalogue's codes and their severities, as the fill draws them (communication codes more often). */
export const FILL_CODES = Object.keys(ALARM_CATALOGUE).filter((code) => code !== 'unknown');

/**
 * Fills `alarms` with `rows` occurrences spread evenly over the last SPAN_DAYS days, oldest first:
 * 1,000 robots (`R-0001`…) on 50 tracks, the catalogue's codes (its first ones common, its last
 * ones rare) with their severities, cleared after
 * 1-120 minutes by the device (80 %) or an operator, 70 % of the cleared ones acknowledged, 10 %
 * assigned to one of `assignees`, a few repeated, suppressed or flapping. The newest ACTIVE rows
 * are active, each a different (robot, code). Generated inside the database.
 */
export async function fillAlarms(
  db: Database,
  rows: number,
  endAt: Date,
  assignees: number[],
  onProgress: (done: number) => void,
) {
  const codes = FILL_CODES;
  const severities = codes.map(alarmSeverityOf);
  const stepMs = (SPAN_DAYS * 86_400_000) / rows;
  const startMs = endAt.getTime() - SPAN_DAYS * 86_400_000;
  const started = performance.now();
  const codeList = sql.raw(`ARRAY[${codes.map((c) => `'${c}'`).join(',')}]::text[]`);
  const severityList = sql.raw(`ARRAY[${severities.map((s) => `'${s}'`).join(',')}]::text[]`);
  const assigneeList = sql.raw(`ARRAY[${assignees.join(',') || 'NULL'}]::int[]`);
  for (let first = 0; first < rows; first += CHUNK) {
    const last = Math.min(rows, first + CHUNK) - 1;
    await db.execute(sql`
      INSERT INTO alarms (robot_sn, track_id, code, severity, active, acknowledged, acknowledged_by, acknowledged_at,
        assignee_id, raised_at, last_raised_at, count, cleared_at, cleared_by, suppressed, flapping)
      SELECT format('R-%s', lpad((1 + r)::text, 4, '0')), 1 + r % ${TRACKS},
        (${codeList})[1 + c], (${severityList})[1 + c],
        active, ack, CASE WHEN ack THEN 'admin' END, CASE WHEN ack THEN raised + interval '3 minutes' END,
        CASE WHEN u < 0.1 THEN (${assigneeList})[1 + (g % ${Math.max(1, assignees.length)})] END,
        raised, raised + (CASE WHEN g % 17 = 0 THEN interval '5 minutes' ELSE interval '0' END),
        CASE WHEN g % 17 = 0 THEN 3 ELSE 1 END,
        CASE WHEN active THEN NULL ELSE raised + (1 + g % 120) * interval '1 minute' END,
        CASE WHEN active THEN NULL WHEN u < 0.8 THEN 'device' ELSE 'operator' END,
        g % 41 = 0, g % 97 = 0
      FROM (
        SELECT g, u, g % ${ROBOTS} AS r,
          -- Skewed: the catalogue's first codes are common, its last ones rare (about 1.5 % each).
          CASE WHEN g >= ${rows - ACTIVE} THEN (g / ${ROBOTS}) % ${codes.length}
            ELSE least(${codes.length - 1}, floor(power(random(), 3) * ${codes.length}))::int END AS c,
          g >= ${rows - ACTIVE} AS active,
          g < ${rows - ACTIVE} AND u < 0.7 AS ack,
          to_timestamp((${startMs}::float8 + g * ${stepMs}::float8) / 1000) AS raised
        FROM (SELECT g, random() AS u FROM generate_series(${first}::bigint, ${last}::bigint) AS g) s
      ) t
    `);
    onProgress(last + 1);
  }
  return (performance.now() - started) / 1000;
}
