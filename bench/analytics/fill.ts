import { performance } from 'node:perf_hooks';
import { generateTrackMap } from '@railserve/robot-sim';
import { sql } from 'drizzle-orm';
import { refreshRobotDays, refreshTrackSummaries } from '../../apps/server/src/modules/analytics/summary-repository.ts';
import type { BenchServer } from '../support/bench-server.ts';

export const ROBOTS = 1000;
export const TRACKS = 50;
export const SPAN_DAYS = 90;
/** Raw history (analytics_robot_changes) is written for the newest hours only (see README). */
export const RAW_HOURS = 2;
const HOUR = 3_600_000;
const TABLE_POINTS = 12;

/**
 * A restaurant's day in UTC hours for a site at UTC+8: the share of an online hour a robot is busy.
 * Open 08-23 local (00-15 UTC), lunch 11-14 and dinner 17-21 local at the peak.
 */
const BUSY_SQL = sql`CASE
  WHEN lh BETWEEN 11 AND 13 OR lh BETWEEN 17 AND 20 THEN 0.7
  WHEN lh IN (10, 14, 16, 21) THEN 0.35 ELSE 0.1 END`;

/**
 * Fills 90 days of hourly rollups for 1,000 robots on 50 tracks, through the server's own API for
 * the tracks (each with a saved map of 12 tables) and in the database for the rest (as the logs
 * fill does): every robot online 08-23 local time each day (16 robot-hours a day), busy per the
 * lunch and dinner shape above; two target points a robot-hour at the rushes, one otherwise;
 * about 3 % of trips aborted. Raw history for the newest RAW_HOURS hours, one row a minute per robot.
 */
export async function fillAnalytics(bench: BenchServer, endAt: Date, onProgress: (what: string, seconds: number) => void) {
  const { server, headers } = bench;
  const db = bench.database.db;
  const started = performance.now();
  const trackIds: number[] = [];
  const map = generateTrackMap({ parking: 21, tables: TABLE_POINTS });
  for (let i = 0; i < TRACKS; i++) {
    const created = await server.inject({
      method: 'POST',
      url: '/api/v1/tracks',
      headers,
      payload: { name: `Hall ${String(i + 1).padStart(2, '0')}`, type: 'single_round_trip' },
    });
    const id = created.json().data.id as number;
    const saved = await server.inject({ method: 'PUT', url: `/api/v1/tracks/${id}/map`, headers, payload: map });
    if (saved.statusCode !== 200) throw new Error(`map not saved: ${saved.body}`);
    trackIds.push(id);
  }
  const tables = map.points.filter((p) => p.type === 'table').map((p) => p.number);
  onProgress('tracks', (performance.now() - started) / 1000);

  const tracksArray = sql.raw(`ARRAY[${trackIds.join(',')}]`);
  const tablesArray = sql.raw(`ARRAY[${tables.join(',')}]`);
  await db.execute(sql`
    INSERT INTO robots (sn, reported_name, track_id, connection, battery, state, health, alarms, last_update, registered_at)
    SELECT format('R-%s', lpad(r::text, 4, '0')), format('Robot %s', r), (${tracksArray})[1 + (r - 1) % ${TRACKS}],
      'online', 80, 'idle', 'normal', '[]'::jsonb, now(), now()
    FROM generate_series(1, ${ROBOTS}) r`);

  const endHour = Math.floor(endAt.getTime() / HOUR) * HOUR;
  const firstHour = endHour - SPAN_DAYS * 24 * HOUR;
  // One day at a time: a statement of a few tens of thousands of rows keeps PGlite's memory flat.
  for (let day = 0; day < SPAN_DAYS; day++) {
    const dayStart = firstHour + day * 24 * HOUR;
    // lh: the hour of the day at UTC+8 (the fill's 24 hours start at any hour of the day).
    const first = dayStart / HOUR;
    const hours = sql`SELECT to_timestamp((${dayStart}::float8 + h * ${HOUR}::float8) / 1000) AS hour, lh
      FROM generate_series(0, 23) h CROSS JOIN LATERAL (SELECT ((${first}::bigint + h + 8) % 24)::int AS lh) l WHERE lh >= 8`;
    await db.execute(sql`
      INSERT INTO analytics_robot_hours (sn, hour, track_id, online_ms, busy_ms, idle_ms, charging_ms, sleep_ms, alarm_ms,
        other_ms, available_ms, distance, unknown_points, charge_cycles)
      SELECT format('R-%s', lpad(r::text, 4, '0')), hs.hour, (${tracksArray})[1 + (r - 1) % ${TRACKS}],
        3600000, b, 3600000 - b - c - a, c, 0, a, 0, 3600000 - a, b / 1000.0 * 0.4, 0, CASE WHEN c > 0 THEN 1 ELSE 0 END
      FROM (${hours}) hs CROSS JOIN generate_series(1, ${ROBOTS}) r
      CROSS JOIN LATERAL (SELECT (${BUSY_SQL} * (0.8 + random() * 0.4) * 3000000)::int AS b,
        CASE WHEN random() < 0.15 THEN 600000 ELSE 0 END AS c,
        CASE WHEN random() < 0.01 THEN 120000 ELSE 0 END AS a) x`);
    await db.execute(sql`
      INSERT INTO analytics_delivery_hours (sn, hour, track_id, target, delivered, delivery_ms, dwell_ms, dwells,
        aborted_new_target, aborted_alarm, aborted_offline, aborted_other)
      SELECT format('R-%s', lpad(r::text, 4, '0')), hs.hour, (${tracksArray})[1 + (r - 1) % ${TRACKS}],
        (${tablesArray})[1 + (r * 7 + k * 5 + extract(hour from hs.hour)::int) % ${TABLE_POINTS}],
        n, n * (40000 + random() * 40000), n * (15000 + random() * 20000), n,
        CASE WHEN random() < 0.01 THEN 1 ELSE 0 END, CASE WHEN random() < 0.015 THEN 1 ELSE 0 END,
        CASE WHEN random() < 0.005 THEN 1 ELSE 0 END, 0
      FROM (${hours}) hs CROSS JOIN generate_series(1, ${ROBOTS}) r
      CROSS JOIN generate_series(0, 1) k
      CROSS JOIN LATERAL (SELECT (${BUSY_SQL} * 10 * (0.7 + random() * 0.6))::int AS n) x
      WHERE k = 0 OR hs.lh BETWEEN 11 AND 13 OR hs.lh BETWEEN 17 AND 20`);
    // The summaries of the day, by the recompute's own code (summary-repository.ts).
    const range = { from: dayStart, to: dayStart + 24 * HOUR };
    await db.transaction(async (tx) => {
      await refreshRobotDays(tx, null, range);
      await refreshTrackSummaries(tx, range);
    });
    if (day % 10 === 9) onProgress(`day ${day + 1}`, (performance.now() - started) / 1000);
  }
  // The newest hours' raw history: what a rebuild of them reads (one row a minute per robot, a trip every few minutes).
  await db.execute(sql`
    INSERT INTO analytics_robot_changes (sn, at, online, state, track_id, point, target, alarms)
    SELECT format('R-%s', lpad(r::text, 4, '0')), to_timestamp((${endHour - RAW_HOURS * HOUR}::float8 + m * 60000) / 1000),
      1, CASE m % 4 WHEN 0 THEN 'goto' WHEN 1 THEN 'arrive' WHEN 2 THEN 'return' ELSE 'idle' END,
      (${tracksArray})[1 + (r - 1) % ${TRACKS}], 1, CASE WHEN m % 4 < 2 THEN (${tablesArray})[1 + (r + m / 4) % ${TABLE_POINTS}] END,
      '[]'::jsonb
    FROM generate_series(1, ${ROBOTS}) r CROSS JOIN generate_series(0, ${RAW_HOURS * 60 - 1}) m`);
  await db.execute(sql`ANALYZE analytics_robot_hours`);
  await db.execute(sql`ANALYZE analytics_delivery_hours`);
  await db.execute(sql`ANALYZE analytics_robot_changes`);
  for (const table of [
    'analytics_track_hours',
    'analytics_track_delivery_hours',
    'analytics_robot_days',
    'analytics_target_days',
  ])
    await db.execute(sql.raw(`ANALYZE ${table}`));
  const count = async (table: string) =>
    Number((await db.execute(sql.raw(`SELECT count(*) n FROM ${table}`))).rows[0].n as string | number);
  return {
    seconds: (performance.now() - started) / 1000,
    trackIds,
    robotHours: await count('analytics_robot_hours'),
    deliveryHours: await count('analytics_delivery_hours'),
    rawRows: await count('analytics_robot_changes'),
  };
}
