import { and, gte, lt, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { analyticsDeliveryHours, analyticsRobotChanges, analyticsRobotHours } from '../../db/schema/analytics.ts';
import { forgetHours } from './closed-hours-cache.ts';
import { recomputeBegins, recomputeEnded, rowsSinceCheckpoint, toldAfter } from './own-writes.ts';
import {
  loadMaps,
  lockRobots,
  mapHashes,
  newRecomputeMemory,
  type RecomputeMemory,
  readChanges,
  type StoredCheckpoint,
} from './recompute-reads.ts';
import { type DeliveryHour, LOOKBACK_MS, type RobotHour, type RollupContext, rollUpRobot, SPAN_CAP_MS } from './rollup.ts';
import { insertDeliveryHours, insertRobotHours } from './rollup-writes.ts';
import { addToRobotDays, refreshRobotDays, refreshTrackSummaries } from './summary-repository.ts';

/** The robots with raw history in a range (a rebuild). */
export async function robotsWithChanges(db: Database, from: Date, to: Date) {
  const rows = await db
    .selectDistinct({ sn: analyticsRobotChanges.sn })
    .from(analyticsRobotChanges)
    .where(and(gte(analyticsRobotChanges.at, from), lt(analyticsRobotChanges.at, to)));
  return rows.map((r) => r.sn);
}

/**
 * Recomputes the hours [from, to) of these robots from the raw history and replaces their rows,
 * in one transaction under a per-robot advisory lock: two instances recomputing the same robot
 * take turns, and the later one reads what the earlier committed, so the result is the same
 * whichever instance heard which status (docs/analytics.md, "Idempotency"). The summaries of
 * those hours are refreshed in the same transaction (summary-repository.ts). With `memory` (the
 * roll-up's), a robot whose raw rows before its last checkpoint are still the same ones is read
 * from its checkpoint on (recompute-reads.ts); the figures are the same either way.
 */
export async function recomputeHours(
  db: Database,
  sns: readonly string[],
  range: { from: number; to: number },
  settings: Pick<RollupContext, 'downtimeAlarms'> & { now?: number; memory?: RecomputeMemory },
) {
  if (sns.length === 0) return 0;
  const sorted = [...new Set(sns)].sort();
  const next = new Map<string, StoredCheckpoint>();
  recomputeBegins(settings.memory, sorted);
  let committed = false;
  try {
    const written = await recomputeIn(db, sorted, range, settings, next);
    committed = true;
    return written;
  } finally {
    // What was kept about these hours (closed-hours-cache.ts) is forgotten, written or not.
    forgetHours(db, range);
    // Checkpoints advance only with what was committed.
    for (const sn of sorted) {
      const checkpoint = committed ? next.get(sn) : undefined;
      recomputeEnded(settings.memory, sn, checkpoint);
      if (checkpoint) settings.memory?.checkpoints.set(sn, checkpoint);
      else settings.memory?.checkpoints.delete(sn);
    }
  }
}

async function recomputeIn(
  db: Database,
  sorted: string[],
  range: { from: number; to: number },
  settings: Pick<RollupContext, 'downtimeAlarms'> & { now?: number; memory?: RecomputeMemory },
  next: Map<string, StoredCheckpoint>,
) {
  const from = new Date(range.from);
  const to = new Date(range.to);
  const now = settings.now ?? Date.now();
  const memory = settings.memory ?? newRecomputeMemory();
  const downtime = [...settings.downtimeAlarms].sort().join('\n');
  const lookback = range.from - LOOKBACK_MS;
  const end = range.to + SPAN_CAP_MS;
  return db.transaction(async (tx) => {
    await lockRobots(tx, sorted);
    const { bySn, resumed } = await readRobots(tx, sorted, { ...range, lookback, end, now, downtime }, memory);
    const trackIds = new Set<number>();
    for (const rows of bySn.values()) for (const r of rows) if (r.trackId !== null) trackIds.add(r.trackId);
    for (const stored of resumed.values()) for (const id of stored.maps.keys()) trackIds.add(id);
    const maps = await loadMaps(tx, [...trackIds], memory);
    // A checkpoint rolled up with another map of one of its tracks is read again from the start.
    const remap = [...resumed].filter(([, s]) => [...s.maps].some(([id, hash]) => (memory.maps.get(id)?.hash ?? null) !== hash));
    if (remap.length > 0) {
      memory.stats.readAgain += remap.length;
      const again = await readChanges(
        tx,
        remap.map(([sn]) => ({ sn, since: lookback })),
        lookback,
        end,
      );
      for (const [sn] of remap) {
        resumed.delete(sn);
        const rows = again.changes.get(sn);
        if (rows) bySn.set(sn, rows);
        else bySn.delete(sn);
        for (const r of rows ?? []) if (r.trackId !== null && !maps.has(r.trackId)) trackIds.add(r.trackId);
      }
      for (const [id, index] of await loadMaps(tx, [...trackIds], memory)) maps.set(id, index);
    }
    const ctx: RollupContext = { ...range, now, maps, downtimeAlarms: settings.downtimeAlarms };
    const hourRows: (RobotHour & { sn: string })[] = [];
    const deliveryRows: (DeliveryHour & { sn: string })[] = [];
    for (const [sn, rows] of bySn) {
      const stored = resumed.get(sn);
      const { hours, deliveries, checkpoint } = rollUpRobot(rows, ctx, stored?.checkpoint);
      if (stored) memory.stats.resumed++;
      if (checkpoint) {
        const onTracks = new Set(stored?.maps.keys());
        for (const r of rows) if (r.trackId !== null) onTracks.add(r.trackId);
        next.set(sn, {
          checkpoint,
          last: rows[rows.length - 1],
          from: range.from,
          to: range.to,
          downtime,
          rowsBefore: (stored?.rowsBefore ?? 0) + rows.length - 1,
          maps: mapHashes(onTracks, memory),
        });
      }
      for (const h of hours) hourRows.push({ ...h, sn });
      for (const d of deliveries) deliveryRows.push({ ...d, sn });
    }
    // The tracks whose summaries change: those of the robots' rows before (as deleted) and after.
    const touched = new Set([...hourRows.map((r) => r.trackId), ...deliveryRows.map((r) => r.trackId)]);
    const h = analyticsRobotHours;
    // One array parameter for the robots (thousands at fleet scale): an IN list is built and parsed item by item.
    const ofRobots = (column: AnyPgColumn) => sql`${column} = any(${sql.param(sorted)}::text[])`;
    const removed = await tx
      .delete(h)
      .where(and(ofRobots(h.sn), gte(h.hour, from), lt(h.hour, to)))
      .returning({
        sn: h.sn,
        hour: h.hour,
        trackId: h.trackId,
        ms: sql<number[]>`array[${h.onlineMs}, ${h.busyMs},
        ${h.idleMs}, ${h.chargingMs}, ${h.sleepMs}, ${h.alarmMs}, ${h.otherMs}, ${h.availableMs}]`,
      });
    const d = analyticsDeliveryHours;
    const removedTrips = await tx
      .delete(d)
      .where(and(ofRobots(d.sn), gte(d.hour, from), lt(d.hour, to)))
      .returning({ trackId: d.trackId });
    for (const r of [...removed, ...removedTrips]) touched.add(r.trackId);
    await insertRobotHours(tx, hourRows);
    await insertDeliveryHours(tx, deliveryRows);
    // The roll-up adds its difference to the robots' days; a rebuild (no memory) sums them again, whatever they held.
    if (!settings.memory) await refreshRobotDays(tx, sorted, range);
    else
      await addToRobotDays(
        tx,
        removed.map((r) => ({ ...r, hour: r.hour.getTime() })),
        hourRows.map((r) => ({
          ...r,
          ms: [r.onlineMs, r.ms.busy, r.ms.idle, r.ms.charging, r.ms.sleep, r.ms.alarm, r.ms.other, r.availableMs],
        })),
      );
    await refreshTrackSummaries(tx, range, [...touched]);
    return hourRows.length;
  });
}

/**
 * Each robot's raw rows for a recompute: from its checkpoint (when it has one for this range and
 * settings, and the rows before it are as many as when it was made, or the memory was told of
 * every row written since: own-writes.ts), else from the lookback.
 */
async function readRobots(
  tx: Database,
  sorted: readonly string[],
  window: { from: number; to: number; lookback: number; end: number; now: number; downtime: string },
  memory: RecomputeMemory,
) {
  const candidates = new Map<string, StoredCheckpoint>();
  for (const sn of sorted) {
    const s = memory.checkpoints.get(sn);
    if (s && s.from === window.from && s.to === window.to && s.downtime === window.downtime && s.checkpoint.at <= window.now)
      candidates.set(sn, s);
  }
  // A memory told of every raw row written (own-writes.ts) holds its robots' rows since their
  // checkpoints (unless one was told, since this recompute began, at or before its checkpoint's row);
  // otherwise the rows before a checkpoint are counted with the rows after it.
  const resumed = new Map<string, StoredCheckpoint>();
  if (memory.ownWrites) {
    for (const [sn, s] of candidates) if (toldAfter(memory, sn, s)) resumed.set(sn, s);
    memory.stats.readAgain += candidates.size - resumed.size;
    candidates.clear();
  }
  const robots = sorted
    .filter((sn) => !resumed.has(sn))
    .map((sn) => {
      const s = candidates.get(sn);
      return s ? { sn, since: s.checkpoint.at, upto: s.checkpoint.at } : { sn, since: window.lookback };
    });
  const { changes, before } = await readChanges(tx, robots, window.lookback, window.end);
  for (const [sn, s] of resumed) changes.set(sn, rowsSinceCheckpoint(memory, sn, s, window.end));
  const stale: string[] = [];
  for (const [sn, s] of candidates) {
    if (before.get(sn) === s.rowsBefore && changes.get(sn)?.[0]?.at === s.checkpoint.at) resumed.set(sn, s);
    else stale.push(sn);
  }
  memory.stats.readAgain += stale.length;
  if (stale.length > 0) {
    const again = await readChanges(
      tx,
      stale.map((sn) => ({ sn, since: window.lookback })),
      window.lookback,
      window.end,
    );
    for (const sn of stale) {
      const rows = again.changes.get(sn);
      if (rows) changes.set(sn, rows);
      else changes.delete(sn);
    }
  }
  return { bySn: changes, resumed };
}

/** Removes raw history older than `before` (the rollups stay). */
export async function removeChangesBefore(db: Database, before: Date) {
  await db.delete(analyticsRobotChanges).where(lt(analyticsRobotChanges.at, before));
}
