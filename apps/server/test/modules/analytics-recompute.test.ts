import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newRecomputeMemory } from '../../src/modules/analytics/recompute-reads.ts';
import { HOUR_MS, SPAN_CAP_MS } from '../../src/modules/analytics/rollup.ts';
import { recomputeHours } from '../../src/modules/analytics/rollup-repository.ts';
import { insertChanges } from '../../src/modules/analytics/rollup-writes.ts';
import type { TrackedChange } from '../../src/modules/analytics/tracker.ts';
import { useTestApp } from '../helper.ts';
import { createTrack, sampleMap, saveMap } from '../support/tracks.ts';

// A roll-up that resumes each robot from its checkpoint writes what recomputing every raw row
// writes: the roll-up is run as the service runs it, minute after minute, with late rows, another
// instance's rows, a new map and new downtime alarms on the way, and after each round its tables
// are compared with a full recompute of the same range at the same moment.
const { app, admin } = useTestApp();
const SNS = ['RCP-01', 'RCP-02', 'RCP-03', 'RCP-04'];
const MINUTE = 60_000;
// Yesterday 09:00 UTC: whole hours in the past.
const H0 = Math.floor(Date.now() / (24 * HOUR_MS)) * 24 * HOUR_MS - 15 * HOUR_MS;
const tracks: number[] = [];
const chargeMap = {
  ...sampleMap,
  points: sampleMap.points.map((p) => (p.number === 20 ? { ...p, charge: true } : p)),
};

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** One robot's rows heard in [from, to): trips to 10 and 11, dwells, charging at 20, alarms, silences, offline. */
function rowsOf(sn: string, index: number, from: number, to: number, next: () => number): TrackedChange[] {
  const rows: TrackedChange[] = [];
  for (let t = from + Math.floor(next() * 20_000); t < to; t += 10_000 + Math.floor(next() * 40_000)) {
    const r = next();
    if (r < 0.03) {
      t += 4 * MINUTE; // silent
      continue;
    }
    const target = r < 0.5 ? 10 : 11;
    const state = r > 0.95 ? 'alarm' : ['goto', 'goto', 'arrive', 'return', 'idle', 'sleep'][Math.floor(next() * 6)];
    rows.push({
      sn,
      at: t,
      online: r > 0.05,
      state,
      trackId: tracks[index % 2],
      point: state === 'arrive' ? target : state === 'goto' ? 2 : state === 'idle' ? 20 : 1,
      target: state === 'goto' || state === 'arrive' ? target : null,
      alarms: state === 'alarm' ? [r > 0.97 ? 'imu_stuck' : 'low_battery'] : [],
    });
  }
  return rows;
}

async function tables() {
  const read = async (query: ReturnType<typeof sql>) => (await app.db.execute(query)).rows;
  const sns = sql`sn in (${sql.join(
    SNS.map((sn) => sql`${sn}`),
    sql`, `,
  )})`;
  const onTracks = sql`track_id in (${sql.join(
    tracks.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  return {
    robotHours: await read(sql`select * from analytics_robot_hours where ${sns} order by sn, hour, track_id`),
    deliveryHours: await read(sql`select * from analytics_delivery_hours where ${sns} order by sn, hour, track_id, target`),
    robotDays: await read(sql`select * from analytics_robot_days where ${sns} order by sn, day, track_id`),
    trackHours: await read(sql`select * from analytics_track_hours where ${onTracks} order by track_id, hour`),
    trackDeliveries: await read(sql`select * from analytics_track_delivery_hours where ${onTracks} order by track_id, hour`),
    targetDays: await read(sql`select * from analytics_target_days where ${onTracks} order by track_id, day, target`),
  };
}

beforeAll(async () => {
  for (const map of [chargeMap, sampleMap]) {
    const id = (await createTrack(app, admin)).id;
    expect((await saveMap(app, admin, id, map)).statusCode).toBe(200);
    tracks.push(id);
  }
});

describe('a recompute resumed from checkpoints', () => {
  it('writes what a full recompute of the same raw history writes', async () => {
    const memory = newRecomputeMemory();
    const next = random(7);
    let downtimeAlarms = new Set(['imu_stuck']);
    const hourOf = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
    await insertChanges(
      app.db,
      SNS.flatMap((sn, i) => rowsOf(sn, i, H0 - HOUR_MS, H0, next)),
    );
    let rounds = 0;
    // Rounds of two minutes, as the roll-up runs: the rows heard, then the hours they touch.
    for (let now = H0 + 2 * MINUTE; now <= H0 + 2 * HOUR_MS + 10 * MINUTE; now += 2 * MINUTE) {
      const heard = SNS.flatMap((sn, i) => rowsOf(sn, i, now - 2 * MINUTE, now, next));
      if (rounds % 7 === 3) {
        // A late row before the robots' checkpoints, as another instance may write it.
        heard.push({ ...heard[0], sn: SNS[1], at: now - 17 * MINUTE - 1234, state: 'goto', target: 11, point: 2 });
      }
      if (rounds === 20) {
        // Point 2 moved: every distance through it changes.
        const moved = { ...chargeMap, points: chargeMap.points.map((p) => (p.number === 2 ? { ...p, y: 80 } : p)) };
        expect((await saveMap(app, admin, tracks[0], moved)).statusCode).toBe(200);
      }
      if (rounds === 30) downtimeAlarms = new Set(['imu_stuck', 'low_battery']);
      await insertChanges(app.db, heard);
      const range = { from: hourOf(Math.min(...heard.map((r) => r.at - SPAN_CAP_MS))), to: hourOf(now) + HOUR_MS };
      await recomputeHours(app.db, SNS.slice(0, 2), range, { downtimeAlarms, now, memory });
      await recomputeHours(app.db, SNS.slice(2), range, { downtimeAlarms, now, memory });
      const resumed = await tables();
      await recomputeHours(app.db, SNS, range, { downtimeAlarms, now });
      expect(resumed, `round ${rounds}`).toEqual(await tables());
      rounds++;
    }
    expect(rounds).toBe(65);
    // Most robots went on from their checkpoints; the late rows, the new map and settings voided some.
    expect(memory.stats.resumed).toBeGreaterThan(SNS.length * rounds * 0.5);
    expect(memory.stats.readAgain).toBeGreaterThan(0);
    expect((await tables()).deliveryHours.length).toBeGreaterThan(0);
  });
});
