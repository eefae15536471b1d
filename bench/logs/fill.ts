import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { loadBenchMessages } from './messages.ts';

export const ROBOTS = 50;
export const TRACKS = 10;
export const SPAN_DAYS = 90;
const CHUNK = 250_000;

/**
 * Fills `logs` with `rows` records spread evenly over the last SPAN_DAYS days, oldest first as a
 * live system writes them: drawn at random: 70% robot, 20% track, 10% system; levels 10% debug,
 * 70% info, 12% warning, 7% error, 1% critical; 50 robots on 10 tracks. Messages are stored as a
 * fleet stores them (messages.ts): English templates (alarms, state changes, charging, dispatches,
 * commands) with their search text, and device free text (heartbeats, backups) unique per row.
 * Generated inside the database (the broker ingest rate is measured separately).
 * `searchTextOf` is the server's (undefined for a server from before it existed).
 */
export async function fillLogs(
  db: Database,
  rows: number,
  endAt: Date,
  onProgress: (done: number, rate: number) => void,
  searchTextOf?: (message: string) => string | null,
) {
  const n = await loadBenchMessages(db, ROBOTS, searchTextOf);
  const withSearch = searchTextOf !== undefined;
  const stepMs = (SPAN_DAYS * 86_400_000) / rows;
  const startMs = endAt.getTime() - SPAN_DAYS * 86_400_000;
  const started = performance.now();
  for (let first = 0; first < rows; first += CHUNK) {
    const last = Math.min(rows, first + CHUNK) - 1;
    await db.execute(sql`
      INSERT INTO logs (time, source, level, type, message, track_id, robot_sn, track_name, robot_name${withSearch ? sql`, search_text` : sql``})
      SELECT to_timestamp((${startMs}::float8 + g * ${stepMs}::float8) / 1000),
        src, lvl, coalesce(m.type, CASE WHEN src = 'robot' THEN 'heartbeat' ELSE 'backup' END),
        coalesce(m.message, CASE WHEN src = 'robot'
          THEN format('heartbeat seq %s from %s latency %s ms', g, sn, g % 90)
          ELSE format('backup finished in %s s', g % 600) END),
        trk,
        CASE WHEN src = 'robot' THEN sn END,
        CASE WHEN trk IS NOT NULL THEN 'Hall ' || trk END,
        CASE WHEN src = 'robot' THEN 'Robot ' || (1 + r) END
        ${withSearch ? sql`, m.search_text` : sql``}
      FROM (
        SELECT g, r, src, lvl, sn, w,
          CASE WHEN src = 'system' THEN NULL ELSE 1 + r % ${TRACKS} END AS trk,
          CASE
            WHEN src = 'robot' AND lvl IN ('error', 'critical') THEN 'robot_alarm'
            WHEN src = 'robot' AND g % 10 < 3 THEN NULL
            WHEN src = 'robot' THEN 'robot_event'
            WHEN src = 'track' THEN 'track'
            WHEN lvl IN ('error', 'critical') THEN 'system_error'
            WHEN g % 2 = 0 THEN NULL
            ELSE 'system'
          END AS kind
        FROM (
          SELECT g, r, w, format('R-%s', lpad((1 + r)::text, 3, '0')) AS sn,
            CASE WHEN u < 0.7 THEN 'robot' WHEN u < 0.9 THEN 'track' ELSE 'system' END AS src,
            CASE WHEN v < 0.10 THEN 'debug' WHEN v < 0.80 THEN 'info' WHEN v < 0.92 THEN 'warning'
                 WHEN v < 0.99 THEN 'error' ELSE 'critical' END AS lvl
          FROM (
            SELECT g, floor(random() * ${ROBOTS})::int AS r, random() AS u, random() AS v, random() AS w
            FROM generate_series(${first}::bigint, ${last}::bigint) AS g
          ) drawn
        ) base
      ) shaped
      LEFT JOIN bench_messages m ON m.kind = shaped.kind AND m.idx = floor(shaped.w * (${sql.param(n)}::jsonb ->> shaped.kind)::int)::int`);
    const done = last + 1;
    onProgress(done, done / ((performance.now() - started) / 1000));
  }
  await db.execute(sql`DROP TABLE bench_messages`);
  await db.execute(sql`INSERT INTO log_types (type) SELECT DISTINCT type FROM logs ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE logs`);
  return (performance.now() - started) / 1000;
}
