import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { noteOwnWrites, tellOwnWrites } from '../../src/modules/analytics/own-writes.ts';
import { newRecomputeMemory, type RecomputeMemory } from '../../src/modules/analytics/recompute-reads.ts';
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

/** One robot's rows heard in [from, to) on `tracks[index]`: trips to 10 and 11, dwells, charging at 20, alarms, silences, offline. */
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
      trackId: tracks[index],
      point: state === 'arrive' ? target : state === 'goto' ? 2 : state === 'idle' ? 20 : 1,
      target: state === 'goto' || state === 'arrive' ? target : null,
      alarms: state === 'alarm' ? [r > 0.97 ? 'imu_stuck' : 'low_battery'] : [],
    });
  }
  return rows;
}

const read = async (query: ReturnType<typeof sql>) => (await app.db.execute(query)).rows;
const ofRobots = (SNS: readonly string[]) =>
  sql`sn in (${sql.join(
    SNS.map((sn) => sql`${sn}`),
    sql`, `,
  )})`;

/** The robots' daily rows summed again from their hourly rows: what the days kept by difference must hold. */
const daysOfHours = (SNS: readonly string[]) =>
  read(sql`select sn, date_bin('1 day', hour, timestamptz '2000-01-01 00:00:00+00') as day, track_id,
      sum(online_ms) as online_ms, sum(busy_ms) as busy_ms, sum(idle_ms) as idle_ms, sum(charging_ms) as charging_ms,
      sum(sleep_ms) as sleep_ms, sum(alarm_ms) as alarm_ms, sum(other_ms) as other_ms, sum(available_ms) as available_ms
    from analytics_robot_hours where ${ofRobots(SNS)} group by 1, 2, 3 order by 1, 2, 3`);

async function tables(SNS: readonly string[]) {
  const sns = ofRobots(SNS);
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
  // Each test its own tracks: their summaries sum only its robots, in the same order either way.
  for (const map of [chargeMap, sampleMap, chargeMap, sampleMap, chargeMap, sampleMap]) {
    const id = (await createTrack(app, admin)).id;
    expect((await saveMap(app, admin, id, map)).statusCode).toBe(200);
    tracks.push(id);
  }
});

/**
 * Rounds of two minutes, as the roll-up runs: the rows heard, then the hours they touch, two
 * robots a recompute; after each round the tables are compared with a full recompute. `told`:
 * the memory hears of every raw row written (own-writes.ts, as on PGlite), and some rounds
 * also write a row while a recompute runs and a second row at an instant already written.
 */
async function roundsAgainstFull(SNS: readonly string[], memory: RecomputeMemory, told: boolean) {
  const onTrack = (i: number) => (told ? 2 : 0) + (i % 2);
  const next = random(7);
  let downtimeAlarms = new Set(['imu_stuck']);
  const hourOf = (t: number) => Math.floor(t / HOUR_MS) * HOUR_MS;
  await insertChanges(
    app.db,
    SNS.flatMap((sn, i) => rowsOf(sn, onTrack(i), H0 - HOUR_MS, H0, next)),
  );
  let rounds = 0;
  for (let now = H0 + 2 * MINUTE; now <= H0 + 2 * HOUR_MS + 10 * MINUTE; now += 2 * MINUTE) {
    const heard = SNS.flatMap((sn, i) => rowsOf(sn, onTrack(i), now - 2 * MINUTE, now, next));
    if (rounds % 7 === 3) {
      // A late row before the robots' checkpoints, as another instance may write it.
      heard.push({ ...heard[0], sn: SNS[1], at: now - 17 * MINUTE - 1234, state: 'goto', target: 11, point: 2 });
    }
    if (rounds === 20) {
      // Point 2 moved: every distance through it changes.
      const moved = { ...chargeMap, points: chargeMap.points.map((p) => (p.number === 2 ? { ...p, y: 80 } : p)) };
      expect((await saveMap(app, admin, tracks[onTrack(0)], moved)).statusCode).toBe(200);
    }
    if (rounds === 30) downtimeAlarms = new Set(['imu_stuck', 'low_battery']);
    await insertChanges(app.db, heard);
    // The same instant again, another state: the database keeps the first row written.
    if (told && rounds % 5 === 1)
      await insertChanges(
        app.db,
        heard.slice(-3).map((r) => ({ ...r, state: 'alarm', alarms: ['imu_stuck'] })),
      );
    const range = { from: hourOf(Math.min(...heard.map((r) => r.at - SPAN_CAP_MS))), to: hourOf(now) + HOUR_MS };
    const settings = { downtimeAlarms, now, memory };
    if (told && rounds % 5 === 2) {
      // A row before the checkpoints written while a recompute runs; the next recompute must count it.
      const late = { ...heard[0], at: now - 5 * MINUTE - 567, state: 'alarm', alarms: ['imu_stuck'] };
      await Promise.all([recomputeHours(app.db, SNS.slice(0, 2), range, settings), insertChanges(app.db, [late])]);
      await insertChanges(app.db, [{ ...heard[1], at: now - 4 * MINUTE - 89, state: 'goto', target: 10 }]);
    }
    await recomputeHours(app.db, SNS.slice(0, 2), range, settings);
    await recomputeHours(app.db, SNS.slice(2), range, settings);
    const resumed = await tables(SNS);
    await recomputeHours(app.db, SNS, range, { downtimeAlarms, now });
    expect(resumed, `round ${rounds}`).toEqual(await tables(SNS));
    expect(resumed.robotDays, `round ${rounds}: days`).toEqual(await daysOfHours(SNS));
    rounds++;
  }
  expect(rounds).toBe(65);
  // Most robots went on from their checkpoints; the late rows, the new map and settings voided some.
  expect(memory.stats.resumed).toBeGreaterThan(SNS.length * rounds * 0.5);
  expect(memory.stats.readAgain).toBeGreaterThan(0);
  expect((await tables(SNS)).deliveryHours.length).toBeGreaterThan(0);
}

describe('a recompute resumed from checkpoints', () => {
  it('writes what a full recompute of the same raw history writes', async () => {
    await roundsAgainstFull(['RCP-01', 'RCP-02', 'RCP-03', 'RCP-04'], newRecomputeMemory(), false);
  });

  it('does so from the rows it was told of, reading none of them again (PGlite)', async () => {
    const memory = newRecomputeMemory();
    tellOwnWrites(app.db, memory);
    await roundsAgainstFull(['RCT-01', 'RCT-02', 'RCT-03', 'RCT-04'], memory, true);
  });

  it('counts a row it was told of while a recompute ran in the next recompute', async () => {
    const memory = newRecomputeMemory();
    tellOwnWrites(app.db, memory);
    const sn = 'RCW-01';
    const next = random(11);
    const range = { from: H0, to: H0 + HOUR_MS };
    const downtimeAlarms = new Set<string>();
    const lateRow = (minute: number) => ({
      ...rowsOf(sn, 4, H0 + minute * MINUTE, H0 + (minute + 1) * MINUTE, next)[0],
      state: 'alarm',
      alarms: ['imu_stuck'],
    });
    // The row is written and told after the recompute read its rows, before it ended: it did not count it.
    const recomputeWriting = async (late: TrackedChange, now: number) => {
      const transaction = app.db.transaction.bind(app.db);
      app.db.transaction = ((work: (tx: Database) => Promise<unknown>) =>
        transaction(async (tx) => {
          const written = await work(tx);
          await insertChanges(tx, [late]);
          noteOwnWrites(app.db, [late]);
          return written;
        })) as typeof app.db.transaction;
      try {
        await recomputeHours(app.db, [sn], range, { downtimeAlarms, now, memory });
      } finally {
        app.db.transaction = transaction;
      }
    };
    const nextAgainstFull = async (now: number) => {
      const readAgain = memory.stats.readAgain;
      await recomputeHours(app.db, [sn], range, { downtimeAlarms, now, memory });
      expect(memory.stats.readAgain).toBe(readAgain + 1);
      const resumed = await tables([sn]);
      await recomputeHours(app.db, [sn], range, { downtimeAlarms, now });
      expect(resumed).toEqual(await tables([sn]));
      expect(resumed.robotDays).toEqual(await daysOfHours([sn]));
    };
    await insertChanges(app.db, rowsOf(sn, 4, H0 - HOUR_MS, H0 + 30 * MINUTE, next));
    // Its first recompute (no checkpoint yet, its rows read from the database), then one resumed.
    await recomputeWriting(lateRow(20), H0 + 30 * MINUTE);
    await nextAgainstFull(H0 + 31 * MINUTE);
    await insertChanges(app.db, rowsOf(sn, 4, H0 + 31 * MINUTE, H0 + 33 * MINUTE, next));
    await recomputeWriting(lateRow(10), H0 + 33 * MINUTE);
    await nextAgainstFull(H0 + 34 * MINUTE);
  });
});

describe('daily sums kept by difference', () => {
  it('keeps each robot’s days the sums of its hours: a day a late row emptied, a day with no time yet', async () => {
    const sn = 'RCD-01';
    const day = Math.floor(Date.now() / (24 * HOUR_MS)) * 24 * HOUR_MS;
    const row = (at: number, trackId: number, point = 1) => ({
      sn,
      at,
      online: true,
      state: 'idle',
      trackId,
      point,
      target: null,
      alarms: [],
    });
    const range = { from: day - HOUR_MS, to: day + HOUR_MS };
    // As the roll-up recomputes (with its memory): it keeps the days by difference.
    const settings = { downtimeAlarms: new Set<string>(), now: day + 2 * MINUTE, memory: newRecomputeMemory() };
    // On track A (tracks[5]) across midnight, then on B (tracks[4]): the day after has a minute on each.
    await insertChanges(app.db, [row(day - MINUTE, tracks[5]), row(day + MINUTE, tracks[4])]);
    await recomputeHours(app.db, [sn], range, settings);
    expect((await tables([sn])).robotDays.map((d) => d.track_id)).toEqual([tracks[5], tracks[4], tracks[5]]);
    // Heard late: on B from half a minute before midnight, so the day after has nothing on A.
    await insertChanges(app.db, [row(day - MINUTE / 2, tracks[4])]);
    await recomputeHours(app.db, [sn], range, settings);
    const days = (await tables([sn])).robotDays;
    expect(days.map((d) => d.track_id)).toEqual([tracks[4], tracks[5], tracks[4]]);
    expect(days).toEqual(await daysOfHours([sn]));
    // Now, on a third track at a point its map does not have: an hour (and a day) with no time yet.
    await insertChanges(app.db, [row(settings.now, tracks[3], 99)]);
    await recomputeHours(app.db, [sn], range, settings);
    const third = (await tables([sn])).robotDays;
    expect(third.map((d) => d.track_id)).toEqual([tracks[4], tracks[5], tracks[3], tracks[4]]);
    expect(third).toEqual(await daysOfHours([sn]));
  });
});
