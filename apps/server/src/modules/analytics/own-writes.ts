import type { Database } from '../../db/client.ts';
import type { RecomputeMemory, StoredCheckpoint } from './recompute-reads.ts';
import type { ChangeRow } from './rollup.ts';

/**
 * Roll-up memories told of every raw history row this process writes (`insertChanges`), per
 * database. Only where no other process writes the database (embedded PGlite: "only this process
 * writes an embedded database", docs/analytics.md) is that every row there is, so only there does
 * a recompute resume a robot from its checkpoint without reading the database
 * (rollup-repository.ts): its rows since the checkpoint are the checkpoint's own and the ones told
 * since; a row told at or before a checkpoint's row voids the checkpoint.
 */
const told = new WeakMap<Database, Set<RecomputeMemory>>();
/** Rows kept per robot at most; beyond, its checkpoint is dropped (a robot written but never recomputed). */
const ROWS_MAX = 10_000;

/** From now on `memory` hears of every raw row written to `db` in this process. */
export function tellOwnWrites(db: Database, memory: RecomputeMemory) {
  memory.ownWrites ??= { rows: new Map(), recomputing: new Map() };
  const memories = told.get(db) ?? new Set<RecomputeMemory>();
  memories.add(memory);
  told.set(db, memories);
}

/** Raw rows written (committed) to `db`: kept for the robots with a checkpoint or being recomputed. */
export function noteOwnWrites(db: Database, rows: readonly (ChangeRow & { sn: string })[]) {
  for (const memory of told.get(db) ?? []) {
    const own = memory.ownWrites;
    if (!own) continue;
    for (const row of rows) {
      const list = own.rows.get(row.sn);
      if (!list) continue;
      if (list.length < ROWS_MAX || own.recomputing.has(row.sn)) list.push(row);
      else forgetOwnRows(memory, row.sn);
    }
  }
}

/** A robot's checkpoint and the rows told since are dropped. */
export function forgetOwnRows(memory: RecomputeMemory, sn: string) {
  memory.checkpoints.delete(sn);
  if (!memory.ownWrites?.recomputing.has(sn)) memory.ownWrites?.rows.delete(sn);
}

/**
 * Whether a recompute may go on from this checkpoint with the rows told since: only when each of
 * them comes after the checkpoint's row (a row at or before it is late, or another of its instant).
 */
export const toldAfter = (memory: RecomputeMemory, sn: string, stored: StoredCheckpoint) =>
  (memory.ownWrites?.rows.get(sn) ?? []).every((r) => r.at > stored.checkpoint.at);

/** A recompute of these robots begins: rows told from now on may or may not be in what it reads. */
export function recomputeBegins(memory: RecomputeMemory | undefined, sorted: readonly string[]) {
  const own = memory?.ownWrites;
  if (!own) return;
  for (const sn of sorted) {
    const list = own.rows.get(sn) ?? [];
    own.rows.set(sn, list);
    own.recomputing.set(sn, list.length);
  }
}

/**
 * The recompute of `sn` ended with this new checkpoint (committed), or none. The rows told before
 * it began that its checkpoint's row covers are done with; the rows told while it ran are all kept,
 * as it may not have read them: one at or before its row voids it at the next recompute (`toldAfter`).
 */
export function recomputeEnded(memory: RecomputeMemory | undefined, sn: string, next: StoredCheckpoint | undefined) {
  const own = memory?.ownWrites;
  if (!own) return;
  const list = own.rows.get(sn) ?? [];
  const begun = own.recomputing.get(sn) ?? 0;
  own.recomputing.delete(sn);
  const at = next?.checkpoint.at;
  if (at === undefined) own.rows.delete(sn);
  else own.rows.set(sn, [...list.slice(0, begun).filter((r) => r.at > at), ...list.slice(begun)]);
}

/** The robot's rows from its checkpoint's row to `end` (exclusive), as the database holds them: the first written of each instant. */
export function rowsSinceCheckpoint(memory: RecomputeMemory, sn: string, stored: StoredCheckpoint, end: number) {
  const byAt = new Map<number, ChangeRow>([[stored.last.at, stored.last]]);
  for (const r of memory.ownWrites?.rows.get(sn) ?? []) if (r.at < end && !byAt.has(r.at)) byAt.set(r.at, r);
  return [...byAt.values()].sort((a, b) => a.at - b.at);
}
