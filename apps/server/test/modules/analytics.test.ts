import { type RobotStatusPayload, topics } from '@railserve/protocol';
import { beforeAll, describe, expect, it } from 'vitest';
import { RollupService } from '../../src/modules/analytics/rollup-service.ts';
import { todaySummary } from '../../src/modules/analytics/service.ts';
import { useTestApp } from '../helper.ts';
import { createTrack, eventually, saveMap } from '../support/tracks.ts';

const { app, admin } = useTestApp();
const SN = 'ANA-0001';
const HOUR = 3_600_000;
// Noon UTC yesterday: whole hours in the past, so nothing depends on the clock.
const T = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 12 * HOUR;
const at = (seconds: number) => new Date(T + seconds * 1000).toISOString();
let trackId: number;

const trip = () => [
  { state: 'goto', point: 1, target: 10, ts: at(0) },
  { state: 'goto', point: 2, target: 10, ts: at(20) },
  { state: 'arrive', point: 10, target: 10, ts: at(40) },
  { state: 'arrive', point: 10, target: 10, ts: at(40) },
  { state: 'return', point: 10, ts: at(70) },
  { state: 'idle', point: 1, ts: at(100) },
  { state: 'goto', point: 1, target: 11, ts: at(110) },
  { connection: 'offline', ts: at(120) },
];
const status = (s: Record<string, unknown>) =>
  ({ sn: SN, battery: 80, trackId, alarms: [], ts: at(0), ...s }) as RobotStatusPayload;

const range = `from=${new Date(T - 12 * HOUR).toISOString()}&to=${new Date(T + 12 * HOUR).toISOString()}`;
const get = (url: string, headers = admin) => app.inject({ method: 'GET', url: `/api/v1/analytics/${url}`, headers });

beforeAll(async () => {
  trackId = (await createTrack(app, admin)).id;
  expect((await saveMap(app, admin, trackId)).statusCode).toBe(200);
  for (const s of trip()) await app.mqtt.publish(topics.robotStatus(SN), status(s), { qos: 1 });
  await eventually(
    async () => {
      await app.analytics.flush();
      return app.analytics.stats.rows;
    },
    (rows) => rows >= 7,
  );
  await app.analytics.rollUp();
  // The robot scope is checked against the robots table, which the fleet writes in batches.
  await app.robots.flush();
});

describe('analytics from the statuses the server ingests', () => {
  it('counts deliveries per table, delivery time, dwell, aborted trips with their reason and distance', async () => {
    const res = await get(`deliveries?${range}&tz=Asia/Taipei&trackId=${trackId}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.summary).toMatchObject({ deliveries: 1, aborted: 1, meanDeliveryMs: 40_000, meanDwellMs: 30_000, distance: 400 });
    expect(data.byTable).toEqual([
      { trackId, target: 10, tables: ['A1', 'A2'], deliveries: 1, aborted: 0, meanDeliveryMs: 40_000 },
      { trackId, target: 11, tables: ['B1'], deliveries: 0, aborted: 1, meanDeliveryMs: null },
    ]);
    expect(data.abortedByReason).toEqual({ new_target: 0, alarm: 0, offline: 1, other: 0 });
    // Noon UTC is 20:00 in Taipei.
    const weekday = new Date(T + 8 * HOUR).getUTCDay();
    expect(data.byWeekdayHour[weekday][20]).toBe(1);
    expect(data.series).toHaveLength(2);
    expect(data.previous.deliveries).toBe(0);
  });

  it('answers utilisation per robot and availability per track', async () => {
    const util = (await get(`utilisation?${range}&robotSn=${SN}&granularity=hour`)).json().data;
    expect(util.summary.onlineMs).toBe(120_000);
    expect(util.byRobot).toEqual([
      expect.objectContaining({ sn: SN, busy: 110_000, idle: 10_000, utilisation: 110_000 / 120_000 }),
    ]);
    expect(util.series).toHaveLength(24);
    const avail = (await get(`availability?${range}&trackId=${trackId}`)).json().data;
    expect(avail.byTrack).toEqual([expect.objectContaining({ trackId, deliveries: 1, aborted: 1, distance: 400 })]);
    // One robot, a whole day open (the range ends in the past): 2 minutes online of 24 hours.
    expect(avail.summary.availability).toBeCloseTo(120_000 / (24 * HOUR));
  });

  it('stays the same when the statuses are heard again by another instance, and after a rebuild', async () => {
    const before = (await get(`summary?${range}`)).json().data.summary;
    const other = new RollupService(app.db, app.log, app.faultGuard, { flushMs: 60_000, rollupMs: 60_000 });
    for (const s of trip()) other.status(status(s));
    await other.flush();
    await other.rollUp();
    expect((await get(`summary?${range}`)).json().data.summary).toEqual(before);
    const rebuild = await app.inject({
      method: 'POST',
      url: '/api/v1/analytics/rebuild',
      headers: admin,
      payload: { from: new Date(T - HOUR).toISOString(), to: new Date(T + HOUR).toISOString() },
    });
    expect(rebuild.json().data).toMatchObject({ robots: 1 });
    expect((await get(`summary?${range}`)).json().data.summary).toEqual(before);
  });

  it('applies a session’s opening hours to availability', async () => {
    const session = await app.inject({
      method: 'POST',
      url: '/api/v1/sessions',
      headers: admin,
      payload: { code: 'S2026099', name: 'Analytics site', mac: 'AA:BB:CC:00:00:99', trackIds: [trackId] },
    });
    const sessionId = session.json().data.id;
    // Open 12:00-13:00 UTC only: two minutes online of one open hour.
    const put = await app.inject({
      method: 'PUT',
      url: `/api/v1/analytics/opening-hours/${sessionId}`,
      headers: admin,
      payload: { open: 12, close: 13, tz: 'UTC' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const data = (await get(`availability?${range}&sessionId=${sessionId}`)).json().data;
    expect(data.summary.availability).toBeCloseTo(120_000 / HOUR);
  });
});

describe('today on the dashboard', () => {
  it('answers each track’s deliveries and utilisation so far today', async () => {
    // "Now" is 13:00 UTC on the day of the trip (noon): the trip is today's.
    const today = await todaySummary(app.db, { tz: 'UTC' }, T + HOUR);
    expect(today.summary).toMatchObject({ deliveries: 1, aborted: 1 });
    expect(today.byTrack).toEqual([
      expect.objectContaining({ trackId, deliveries: 1, aborted: 1, utilisation: 110_000 / 120_000 }),
    ]);
    expect((await todaySummary(app.db, { tz: 'UTC' }, T + 13 * HOUR)).byTrack).toEqual([]);
  });
});

describe('bad analytics queries', () => {
  const refused = async (query: string, code = 'validation_failed') => {
    const res = await get(`summary?${query}`);
    expect(res.statusCode, query).toBe(400);
    expect(res.json(), query).toMatchObject({ success: false, code });
    return res.json();
  };

  it('refuses a reversed range, one over 366 days, an unknown zone and two scopes', async () => {
    const a = new Date(T).toISOString();
    const b = new Date(T + HOUR).toISOString();
    expect(JSON.stringify(await refused(`from=${b}&to=${a}`))).toContain('range_reversed');
    expect(JSON.stringify(await refused(`from=${new Date(T - 367 * 86_400_000).toISOString()}&to=${a}`))).toContain(
      'range_too_long',
    );
    expect(JSON.stringify(await refused(`from=${a}&to=${b}&tz=Mars/Olympus`))).toContain('invalid_time_zone');
    expect(JSON.stringify(await refused(`from=${a}&to=${b}&trackId=${trackId}&robotSn=${SN}`))).toContain('one_scope_only');
    await refused(`to=${b}`);
  });

  it('refuses a scope that does not exist', async () => {
    const span = `from=${new Date(T).toISOString()}&to=${new Date(T + HOUR).toISOString()}`;
    for (const scope of ['trackId=999999', 'sessionId=999999', 'robotSn=NO-SUCH-ROBOT'])
      await refused(`${span}&${scope}`, 'not_found');
  });
});

describe('who reads analytics', () => {
  it('gives level 3 today’s summary only, for a range the server chooses', async () => {
    const general = await app.as(3);
    const today = new Date().toISOString();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    for (const route of ['summary', 'deliveries', 'utilisation', 'availability']) {
      expect((await get(`${route}?from=${today}&to=${tomorrow}`, general)).statusCode, route).toBe(403);
    }
    const res = await get('today?tz=Asia/Taipei', general);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.series).toHaveLength(24);
    expect(res.json().data.byTrack).toEqual(expect.any(Array));
    // Not even a range that is today, nor yesterday through this route.
    expect((await get(`today?tz=UTC&from=${new Date(T).toISOString()}`, general)).statusCode).toBe(400);
    expect((await get(`today?to=${tomorrow}`, general)).statusCode).toBe(400);
    expect((await get('settings', general)).statusCode).toBe(403);
  });

  it('gives level 2 every range, and only the administrator the downtime setting', async () => {
    const advanced = await app.as(2);
    expect((await get(`summary?${range}`, advanced)).statusCode).toBe(200);
    expect((await get('settings', advanced)).statusCode).toBe(403);
    const put = await app.inject({
      method: 'PUT',
      url: '/api/v1/analytics/settings',
      headers: admin,
      payload: { downtimeAlarms: ['imu_stuck'] },
    });
    expect(put.json().data).toEqual({ downtimeAlarms: ['imu_stuck'] });
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/v1/analytics/settings',
      headers: admin,
      payload: { downtimeAlarms: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
  });
});
