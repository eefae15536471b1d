import { and, asc, gte, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { analyticsDeliveryHours, analyticsRobotChanges, analyticsRobotHours } from '../../db/schema/analytics.ts';
import { tracks } from '../../db/schema/tracks.ts';
import { forgetHours } from './closed-hours-cache.ts';
import { indexMap, type MapIndex } from './map-index.ts';
import { type ChangeRow, LOOKBACK_MS, type RollupContext, rollUpRobot, SPAN_CAP_MS } from './rollup.ts';
import { refreshRobotDays, refreshTrackSummaries } from './summary-repository.ts';
import type { TrackedChange } from './tracker.ts';

/** Rows per insert: 8 parameters each. */
const CHUNK = 1000;

/** Adds raw history rows; one already there (a duplicate status, another instance's copy) is left as it is. */
export async function insertChanges(db: Database, rows: readonly TrackedChange[]) {
  for (let i = 0; i < rows.length; i += CHUNK) {
    const values = rows.slice(i, i + CHUNK).map((r) => ({
      sn: r.sn,
      at: new Date(r.at),
      online: r.online ? 1 : 0,
      state: r.state,
      trackId: r.trackId,
      point: r.point,
      target: r.target,
      alarms: r.alarms,
    }));
    await db.insert(analyticsRobotChanges).values(values).onConflictDoNothing();
  }
}

/** The robots with raw history in a range (a rebuild). */
export async function robotsWithChanges(db: Database, from: Date, to: Date) {
  const rows = await db
    .selectDistinct({ sn: analyticsRobotChanges.sn })
    .from(analyticsRobotChanges)
    .where(and(gte(analyticsRobotChanges.at, from), lt(analyticsRobotChanges.at, to)));
  return rows.map((r) => r.sn);
}

async function loadMaps(db: Database, trackIds: number[]) {
  const maps = new Map<number, MapIndex>();
  if (trackIds.length === 0) return maps;
  const rows = await db
    .select({ id: tracks.id, map: tracks.map })
    .from(tracks)
    .where(and(inArray(tracks.id, trackIds), isNotNull(tracks.map)));
  for (const row of rows) {
    const index = indexMap(row.map);
    if (index) maps.set(row.id, index);
  }
  return maps;
}

/**
 * Recomputes the hours [from, to) of these robots from the raw history and replaces their rows,
 * in one transaction under a per-robot advisory lock: two instances recomputing the same robot
 * take turns, and the later one reads what the earlier committed, so the result is the same
 * whichever instance heard which status (docs/analytics.md, "Idempotency"). The summaries of
 * those hours are refreshed in the same transaction (summary-repository.ts).
 */
export async function recomputeHours(
  db: Database,
  sns: readonly string[],
  range: { from: number; to: number },
  settings: Pick<RollupContext, 'downtimeAlarms'> & { now?: number },
) {
  if (sns.length === 0) return 0;
  const sorted = [...new Set(sns)].sort();
  const from = new Date(range.from);
  const to = new Date(range.to);
  try {
    return await recomputeIn(db, sorted, range, from, to, settings);
  } finally {
    // What was kept about these hours (closed-hours-cache.ts) is forgotten, written or not.
    forgetHours(db, range);
  }
}

async function recomputeIn(
  db: Database,
  sorted: string[],
  range: { from: number; to: number },
  from: Date,
  to: Date,
  settings: Pick<RollupContext, 'downtimeAlarms'> & { now?: number },
) {
  return db.transaction(async (tx) => {
    for (const sn of sorted) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`analytics:${sn}`}))`);
    const raw = await tx
      .select()
      .from(analyticsRobotChanges)
      .where(
        and(
          inArray(analyticsRobotChanges.sn, sorted),
          gte(analyticsRobotChanges.at, new Date(range.from - LOOKBACK_MS)),
          lt(analyticsRobotChanges.at, new Date(range.to + SPAN_CAP_MS)),
        ),
      )
      .orderBy(asc(analyticsRobotChanges.sn), asc(analyticsRobotChanges.at));
    const maps = await loadMaps(tx, [...new Set(raw.map((r) => r.trackId).filter((t): t is number => t !== null))]);
    const bySn = new Map<string, ChangeRow[]>();
    for (const r of raw) {
      const list = bySn.get(r.sn) ?? [];
      list.push({
        at: r.at.getTime(),
        online: r.online === 1,
        state: r.state,
        trackId: r.trackId,
        point: r.point,
        target: r.target,
        alarms: r.alarms,
      });
      bySn.set(r.sn, list);
    }
    const ctx: RollupContext = { ...range, now: settings.now ?? Date.now(), maps, downtimeAlarms: settings.downtimeAlarms };
    const hourRows: (typeof analyticsRobotHours.$inferInsert)[] = [];
    const deliveryRows: (typeof analyticsDeliveryHours.$inferInsert)[] = [];
    for (const [sn, rows] of bySn) {
      const { hours, deliveries } = rollUpRobot(rows, ctx);
      for (const h of hours) {
        const { hour, ms, ...rest } = h;
        hourRows.push({ sn, hour: new Date(hour), ...rest, ...msColumns(ms) });
      }
      for (const d of deliveries) {
        const { hour, aborted, ...rest } = d;
        deliveryRows.push({
          sn,
          hour: new Date(hour),
          ...rest,
          abortedNewTarget: aborted.new_target,
          abortedAlarm: aborted.alarm,
          abortedOffline: aborted.offline,
          abortedOther: aborted.other,
        });
      }
    }
    // The tracks whose summaries change: those of the robots' rows before and after.
    const tracksBefore =
      await tx.execute(sql`select track_id from analytics_robot_hours where ${inArray(analyticsRobotHours.sn, sorted)}
      and ${gte(analyticsRobotHours.hour, from)} and ${lt(analyticsRobotHours.hour, to)}
      union select track_id from analytics_delivery_hours where ${inArray(analyticsDeliveryHours.sn, sorted)}
      and ${gte(analyticsDeliveryHours.hour, from)} and ${lt(analyticsDeliveryHours.hour, to)}`);
    const touched = new Set([
      ...tracksBefore.rows.map((r) => Number(r.track_id)),
      ...hourRows.map((r) => r.trackId),
      ...deliveryRows.map((r) => r.trackId),
    ]);
    for (const table of [analyticsRobotHours, analyticsDeliveryHours]) {
      await tx.delete(table).where(and(inArray(table.sn, sorted), gte(table.hour, from), lt(table.hour, to)));
    }
    for (let i = 0; i < hourRows.length; i += CHUNK) await tx.insert(analyticsRobotHours).values(hourRows.slice(i, i + CHUNK));
    for (let i = 0; i < deliveryRows.length; i += CHUNK)
      await tx.insert(analyticsDeliveryHours).values(deliveryRows.slice(i, i + CHUNK));
    await refreshRobotDays(tx, sorted, range);
    await refreshTrackSummaries(tx, range, [...touched]);
    return hourRows.length;
  });
}

const msColumns = (ms: Record<'busy' | 'idle' | 'charging' | 'sleep' | 'alarm' | 'other', number>) => ({
  busyMs: ms.busy,
  idleMs: ms.idle,
  chargingMs: ms.charging,
  sleepMs: ms.sleep,
  alarmMs: ms.alarm,
  otherMs: ms.other,
});

/** Removes raw history older than `before` (the rollups stay). */
export async function removeChangesBefore(db: Database, before: Date) {
  await db.delete(analyticsRobotChanges).where(lt(analyticsRobotChanges.at, before));
}
