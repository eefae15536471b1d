import { performance } from 'node:perf_hooks';
import { ALARM_CODES } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';

export const ROBOTS = 50;
export const TRACKS = 10;
export const SPAN_DAYS = 90;
const CHUNK = 250_000;

/**
 * Fills `logs` with `rows` records spread evenly over the last SPAN_DAYS days, oldest first as a
 * live system writes them: drawn at random: 70% robot, 20% track, 10% system; levels 10% debug,
 * 70% info, 12% warning, 7% error, 1% critical; 50 robots on 10 tracks; messages from templates with numbers, alarm codes and
 * Chinese text so that the trigram index sees realistic variety. Generated inside the database
 * (the broker ingest rate is measured separately).
 */
export async function fillLogs(db: Database, rows: number, endAt: Date, onProgress: (done: number, rate: number) => void) {
  const alarms = sql.raw(`ARRAY[${ALARM_CODES.map((c) => `'${c}'`).join(',')}]`);
  const stepMs = (SPAN_DAYS * 86_400_000) / rows;
  const startMs = endAt.getTime() - SPAN_DAYS * 86_400_000;
  const started = performance.now();
  for (let first = 0; first < rows; first += CHUNK) {
    const last = Math.min(rows, first + CHUNK) - 1;
    await db.execute(sql`
      INSERT INTO logs (time, source, level, type, message, track_id, robot_sn, track_name, robot_name)
      SELECT to_timestamp((${startMs}::float8 + g * ${stepMs}::float8) / 1000),
        src, lvl, typ, msg, trk,
        CASE WHEN src = 'robot' THEN sn END,
        CASE WHEN trk IS NOT NULL THEN 'Hall ' || trk END,
        CASE WHEN src = 'robot' THEN 'Robot ' || (1 + r) END
      FROM (
        SELECT g, r, src, lvl, sn,
          CASE WHEN src = 'system' THEN NULL ELSE 1 + r % ${TRACKS} END AS trk,
          CASE
            WHEN lvl IN ('error', 'critical') AND src = 'robot' THEN 'alarm_raised'
            WHEN lvl IN ('error', 'critical') THEN 'command_failed'
            WHEN src = 'robot' THEN (ARRAY['status','arrived','departed','lid_open','lid_close','battery','alarm_cleared'])[1 + g % 7]
            WHEN src = 'track' THEN (ARRAY['track_status_changed','register_mode','viewer_mode'])[1 + g % 3]
            ELSE (ARRAY['console_connected','backup','config_changed'])[1 + g % 3]
          END AS typ,
          CASE
            WHEN lvl IN ('error', 'critical') THEN format('robot %s alarm %s raised at point %s', sn, (${alarms})[1 + g % ${ALARM_CODES.length}], g % 400)
            WHEN g % 5 = 0 THEN format('機器人 %s 抵達 %s 號桌，電量 %s%%', sn, g % 120, g % 100)
            WHEN g % 5 = 1 THEN format('robot %s arrived at table %s on track %s', sn, g % 120, 1 + r % ${TRACKS})
            WHEN g % 5 = 2 THEN format('battery at %s%%, voltage %s mV', g % 100, 22000 + g % 3000)
            WHEN g % 5 = 3 THEN format('track %s status %s with %s robots', 1 + r % ${TRACKS}, g % 5, 1 + g % 8)
            ELSE format('heartbeat seq %s from %s latency %s ms', g, sn, g % 90)
          END AS msg
        FROM (
          SELECT g, r, format('R-%s', lpad((1 + r)::text, 3, '0')) AS sn,
            CASE WHEN u < 0.7 THEN 'robot' WHEN u < 0.9 THEN 'track' ELSE 'system' END AS src,
            CASE WHEN v < 0.10 THEN 'debug' WHEN v < 0.80 THEN 'info' WHEN v < 0.92 THEN 'warning'
                 WHEN v < 0.99 THEN 'error' ELSE 'critical' END AS lvl
          FROM (
            SELECT g, floor(random() * ${ROBOTS})::int AS r, random() AS u, random() AS v
            FROM generate_series(${first}::bigint, ${last}::bigint) AS g
          ) drawn
        ) base
      ) shaped`);
    const done = last + 1;
    onProgress(done, done / ((performance.now() - started) / 1000));
  }
  await db.execute(sql`INSERT INTO log_types (type) SELECT DISTINCT type FROM logs ON CONFLICT DO NOTHING`);
  await db.execute(sql`ANALYZE logs`);
  return (performance.now() - started) / 1000;
}
