import type { Database } from '../../db/client.ts';
import type { Period } from './query-sql.ts';
import { HOUR_MS } from './rollup.ts';

/** Rows held at most, every entry together (a fleet's 90 hourly days are 72,000 track-hours). */
const MAX_ROWS = 400_000;

type Entry = { period: Period; rows: readonly unknown[] };

/**
 * What the rollups said about hours that have closed, kept in memory on PGlite
 * (docs/analytics.md, "Cache of closed hours"): an hour's figures change only when its robot-hours are
 * recomputed (rollup-repository.ts `recomputeHours`), which forgets every entry whose period
 * touches the hours it wrote. Only the server's own process writes an embedded database, so it
 * sees every write; on PostgreSQL other instances write too, and nothing is kept.
 */
class ClosedHoursCache {
  private readonly entries = new Map<string, Entry>();
  private rows = 0;
  /** Reads under way: one whose hours are forgotten meanwhile keeps nothing (it may have read both sides of a write). */
  private readonly pending = new Set<{ period: Period; stale: boolean }>();

  forget(range: Period) {
    const overlaps = (p: Period) => p.from < range.to && range.from < p.to;
    for (const [key, entry] of this.entries) if (overlaps(entry.period)) this.drop(key, entry);
    for (const read of this.pending) if (overlaps(read.period)) read.stale = true;
  }

  async read<T>(key: string, period: Period, read: () => Promise<T[]>): Promise<T[]> {
    const id = `${key}|${period.from}|${period.to}`;
    const hit = this.entries.get(id);
    if (hit) {
      // The most recently used last: the first is dropped when the cache is full.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return hit.rows as T[];
    }
    const pending = { period, stale: false };
    this.pending.add(pending);
    const rows = await read().finally(() => this.pending.delete(pending));
    if (!pending.stale && rows.length <= MAX_ROWS) {
      const twin = this.entries.get(id);
      if (twin) this.drop(id, twin);
      this.entries.set(id, { period, rows });
      this.rows += rows.length;
      for (const [oldest, entry] of this.entries) {
        if (this.rows <= MAX_ROWS) break;
        this.drop(oldest, entry);
      }
    }
    return rows;
  }

  private drop(key: string, entry: Entry) {
    this.entries.delete(key);
    this.rows -= entry.rows.length;
  }
}

const caches = new WeakMap<Database, ClosedHoursCache>();

/** Keeps closed hours' figures read from `db` (the server's embedded database). */
export function keepClosedHours(db: Database) {
  caches.set(db, new ClosedHoursCache());
}

/** The hours [from, to) were written: what was kept about them is forgotten. */
export function forgetHours(db: Database, range: Period) {
  caches.get(db)?.forget(range);
}

const DAY_MS = 24 * HOUR_MS;

/**
 * A period's rows: its closed hours from the cache (or read and kept), the current hour's read
 * every time; `merge` joins the parts' rows where a key must appear once. The closed hours are
 * kept in two parts, the days before today (UTC) and today's, so the hour turning reads today's
 * hours again but not the days before. `key` names the query and everything its answer depends
 * on besides the period.
 */
export async function readClosedHours<T>(
  db: Database,
  key: string | Promise<string>,
  period: Period,
  read: (part: Period) => Promise<T[]>,
  merge: (rows: T[]) => T[] = (rows) => rows,
  now = Date.now(),
): Promise<T[]> {
  const cache = caches.get(db);
  const cut = Math.floor(now / HOUR_MS) * HOUR_MS;
  if (!cache || cut <= period.from) return read(period);
  const today = Math.floor(cut / DAY_MS) * DAY_MS;
  const parts = [
    { from: period.from, to: Math.min(period.to, today) },
    { from: Math.max(period.from, today), to: Math.min(period.to, cut) },
  ].filter((p) => p.from < p.to);
  const name = await key;
  const results: T[][] = [];
  for (const part of parts) results.push(await cache.read(name, part, () => read(part)));
  if (cut < period.to) results.push(await read({ from: cut, to: period.to }));
  const filled = results.filter((rows) => rows.length > 0);
  return filled.length === 1 ? filled[0] : merge(filled.flat());
}
