import type { AnalyticsQuery } from '@railserve/protocol';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetHours } from '../../src/modules/analytics/closed-hours-cache.ts';
import type { ReadOptions } from '../../src/modules/analytics/query-repository.ts';
import { recomputeHours } from '../../src/modules/analytics/rollup-repository.ts';
import { insertChanges } from '../../src/modules/analytics/rollup-writes.ts';
import { availability, deliveries, summary, todaySummary, utilisation } from '../../src/modules/analytics/service.ts';
import type { TrackedChange } from '../../src/modules/analytics/tracker.ts';
import { useTestApp } from '../helper.ts';
import { createTrack, saveMap } from '../support/tracks.ts';

// The summary tables answer exactly what the per-robot hourly rollups answer, for every scope,
// zone and bucket, after several recomputes (two "instances"), a late status and a rebuild.
const { app, admin } = useTestApp();
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Midnight UTC three days ago: the history runs from 6 hours before it to 7 hours after two days.
const D = Math.floor(Date.now() / DAY) * DAY - 3 * DAY;
const START = D - 6 * HOUR;
const END = D + 2 * DAY + 7 * HOUR;
const SNS = ['SUM-01', 'SUM-02', 'SUM-03', 'SUM-04', 'SUM-05', 'SUM-06'];
const settings = { downtimeAlarms: new Set(['imu_stuck']) };
const tracks: number[] = [];
let sessionId: number;

/** A deterministic generator, so a failure can be replayed. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** A robot's minutes: trips to tables 10 and 11, returns, idling, alarms and silences; the last robot changes track. */
function history(sn: string, index: number): TrackedChange[] {
  const next = random(index + 1);
  const rows: TrackedChange[] = [];
  let phase = 0;
  for (let t = START; t < END; t += 60_000) {
    const r = next();
    if (r < 0.02) {
      t += 10 * 60_000; // silent: offline for the roll-up
      continue;
    }
    const trackId = index === 5 && t > D + DAY ? tracks[2] : tracks[index % 2];
    const target = r < 0.5 ? 10 : 11;
    phase = (phase + 1) % 6;
    const state = r > 0.97 ? 'alarm' : ['goto', 'goto', 'arrive', 'return', 'idle', 'idle'][phase];
    rows.push({
      sn,
      at: t + Math.floor(next() * 30_000),
      online: true,
      state,
      trackId,
      point: state === 'arrive' ? target : state === 'goto' ? 2 : 1,
      target: state === 'goto' || state === 'arrive' ? target : null,
      alarms: state === 'alarm' ? ['imu_stuck'] : [],
    });
  }
  return rows;
}

beforeAll(async () => {
  for (let i = 0; i < 3; i++) {
    const id = (await createTrack(app, admin)).id;
    expect((await saveMap(app, admin, id)).statusCode).toBe(200);
    tracks.push(id);
  }
  const session = await app.inject({
    method: 'POST',
    url: '/api/v1/sessions',
    headers: admin,
    payload: { code: 'S2026077', name: 'Summaries site', mac: 'AA:BB:CC:00:00:77', trackIds: [tracks[0], tracks[2]] },
  });
  sessionId = session.json().data.id;
  const put = await app.inject({
    method: 'PUT',
    url: `/api/v1/analytics/opening-hours/${sessionId}`,
    headers: admin,
    payload: { open: 9, close: 21, tz: 'Asia/Taipei' },
  });
  expect(put.statusCode, put.body).toBe(200);
  for (const [i, sn] of SNS.entries())
    await app.db.execute(sql`insert into robots (sn, reported_name, track_id, connection, battery, state, health, alarms,
      last_update, registered_at) values (${sn}, ${`Robot ${i}`}, ${tracks[i % 2]}, 'online', 80, 'idle', 'normal', '[]'::jsonb, now(), now())`);
  await insertChanges(app.db, SNS.flatMap(history));
  const range = { from: START, to: Math.ceil(END / HOUR) * HOUR };
  // Two instances' batches, each its own robots.
  await recomputeHours(app.db, SNS.slice(0, 3), range, settings);
  await recomputeHours(app.db, SNS.slice(3), range, settings);
  // A late status for one robot, recomputed for its hour only.
  const late = D + DAY + 5 * HOUR;
  await insertChanges(app.db, [
    { sn: SNS[1], at: late + 15_000, online: true, state: 'arrive', trackId: tracks[1], point: 10, target: 10, alarms: [] },
  ]);
  await recomputeHours(app.db, [SNS[1]], { from: late, to: late + HOUR }, settings);
  // A robot's history corrected to another track for a whole hour: it leaves its old track's summary of the hour.
  const moved = D + 7 * HOUR;
  await insertChanges(app.db, [
    {
      sn: SNS[5],
      at: moved + 20 * 60_000 + 45_000,
      online: true,
      state: 'idle',
      trackId: tracks[0],
      point: 1,
      target: null,
      alarms: [],
    },
  ]);
  await app.db.execute(sql`update analytics_robot_changes set track_id = ${tracks[0]}
    where sn = ${SNS[5]} and at > ${new Date(moved - 10 * 60_000).toISOString()}::timestamptz
    and at < ${new Date(moved + HOUR + 10 * 60_000).toISOString()}::timestamptz`);
  await recomputeHours(app.db, [SNS[5]], { from: moved, to: moved + HOUR }, settings);
  // A rebuild of a chosen range.
  await app.analytics.rebuild(SNS, D + 10 * HOUR, D + 14 * HOUR);
});

/** Sums of fractional milliseconds and distances may differ in their last bits with the order they are added in. */
function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(10));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rounded(v)]));
  return value;
}

const RAW: ReadOptions = { raw: true };
const routes = { summary, deliveries, utilisation, availability };

describe('analytics summaries', () => {
  it('answer every route as the hourly rollups do, for each scope, zone, bucket and period', async () => {
    const scopes = [{}, { sessionId }, { trackId: tracks[0] }, { trackId: tracks[2] }, { robotSn: SNS[5] }];
    const periods = [
      { from: D - 5 * HOUR - 30 * 60_000, to: D + 2 * DAY + 3 * HOUR }, // whole days with edges
      { from: D, to: D + 2 * DAY }, // whole UTC days
      { from: D + 3 * HOUR, to: D + 20 * HOUR }, // no whole day
    ];
    let compared = 0;
    for (const scope of scopes)
      for (const tz of ['UTC', 'Asia/Taipei', 'America/New_York'])
        for (const granularity of ['day', 'hour'] as const)
          for (const p of periods) {
            const q = { ...scope, tz, granularity, from: new Date(p.from).toISOString(), to: new Date(p.to).toISOString() };
            for (const [name, route] of Object.entries(routes)) {
              const fast = await route(app.db, q as AnalyticsQuery);
              const raw = await route(app.db, q as AnalyticsQuery, RAW);
              expect(rounded(fast), `${name} ${JSON.stringify(q)}`).toEqual(rounded(raw));
              compared++;
            }
          }
    expect(compared).toBe(5 * 3 * 2 * 3 * 4);
    const today = (options: ReadOptions) => todaySummary(app.db, { tz: 'Asia/Taipei' }, D + DAY + 12 * HOUR, options);
    expect(rounded(await today({}))).toEqual(rounded(await today(RAW)));
  });

  it('hold figures the answers are made of (not an empty table read twice)', async () => {
    const q = {
      tz: 'UTC',
      granularity: 'day',
      from: new Date(D).toISOString(),
      to: new Date(D + 2 * DAY).toISOString(),
    } as const;
    const before = await deliveries(app.db, q);
    expect(before.summary.deliveries).toBeGreaterThan(100);
    expect(before.summary.onlineMs).toBeGreaterThan(0);
    expect(before.byTable.length).toBeGreaterThan(0);
    const rows = await app.db.execute(sql`select
      (select sum(online_ms) from analytics_track_hours) track, (select sum(online_ms) from analytics_robot_hours) robot,
      (select sum(online_ms) from analytics_robot_days) days, (select sum(delivered) from analytics_target_days) tables,
      (select sum(delivered) from analytics_delivery_hours) delivered`);
    const sums = rows.rows[0] as Record<string, string>;
    expect(Number(sums.track)).toBe(Number(sums.robot));
    expect(Number(sums.days)).toBe(Number(sums.robot));
    expect(Number(sums.tables)).toBe(Number(sums.delivered));
    // With the summaries emptied, the fleet's answer changes: it is read from them.
    await app.db.execute(sql`delete from analytics_track_delivery_hours`);
    forgetHours(app.db, { from: -Infinity, to: Infinity }); // written behind the roll-up's back: what the cache kept goes too
    expect((await deliveries(app.db, q)).summary.deliveries).toBe(0);
    expect((await deliveries(app.db, q, RAW)).summary.deliveries).toBe(before.summary.deliveries);
  });
});
