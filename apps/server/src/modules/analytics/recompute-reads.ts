import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { indexMap, type MapIndex } from './map-index.ts';
import type { ChangeRow, RollupCheckpoint } from './rollup.ts';

/**
 * What a roll-up service keeps between its recomputes (rollup-repository.ts): where each
 * robot's roll-up of its last range stood before its newest raw row, and the tracks' indexed
 * maps. Only an optimisation: whatever it holds, a recompute's figures are those of rolling up
 * every raw row of the range (docs/analytics.md, "Recompute").
 */
export type RecomputeMemory = {
  checkpoints: Map<string, StoredCheckpoint>;
  maps: Map<number, { hash: string | null; index: MapIndex | undefined }>;
  /** Robots rolled up from a checkpoint, and checkpoints found void (read again from the lookback). */
  stats: { resumed: number; readAgain: number };
  /** Set when this memory is told of every raw row written (own-writes.ts): then it reads no row it was told of. */
  ownWrites?: OwnWrites;
};

export type OwnWrites = {
  /** Per robot with a checkpoint or being recomputed: the raw rows written since, in the order written. */
  rows: Map<string, (ChangeRow & { sn: string })[]>;
  /** Per robot being recomputed: how many of its rows were written before the recompute began. */
  recomputing: Map<string, number>;
};

export type StoredCheckpoint = {
  checkpoint: RollupCheckpoint;
  /** The raw row it stands before (at `checkpoint.at`). */
  last: ChangeRow;
  /** The range it was rolled up for, and the downtime alarms it counted. */
  from: number;
  to: number;
  downtime: string;
  /** Raw rows of the robot from the range's lookback up to (not including) the checkpoint's row. */
  rowsBefore: number;
  /** The maps' digests of the tracks its rows were on: a new map for one of them voids it. */
  maps: Map<number, string | null>;
};

export const newRecomputeMemory = (): RecomputeMemory => ({
  checkpoints: new Map(),
  maps: new Map(),
  stats: { resumed: 0, readAgain: 0 },
});

const at = (t: number) => new Date(t).toISOString();

/** One statement for every robot's advisory lock, taken in the order given (sorted by every caller). */
export async function lockRobots(db: Database, sorted: readonly string[]) {
  await db.execute(
    sql`select count(pg_advisory_xact_lock(hashtext('analytics:' || sn))) from unnest(${sql.param(sorted)}::text[]) as sn`,
  );
}

type RawRow = {
  sn: string;
  at: number | null;
  online: number;
  state: string;
  track_id: number | null;
  point: number | null;
  target: number | null;
  alarms: string | null;
  before: number | null;
};

/**
 * The raw rows of each robot from its `since` (inclusive) to `to`, sorted by time; for robots with
 * an `upto`, also how many rows they have in [lookback, upto) — in the same statement, so the
 * count and the rows are of one moment. Each robot's rows are read by its own index scan (`offset 0`
 * keeps the planner from making it a join, which PGlite, whose tables have no statistics, ran as
 * a scan of the whole table).
 */
export async function readChanges(
  db: Database,
  robots: readonly { sn: string; since: number; upto?: number }[],
  lookback: number,
  to: number,
) {
  if (robots.length === 0) return { changes: new Map<string, ChangeRow[]>(), before: new Map<string, number>() };
  const counted = robots.filter((r) => r.upto !== undefined);
  const { rows } = await db.execute<RawRow>(sql`select r.sn, (extract(epoch from r.at) * 1000)::float8 as at, r.online,
      r.state, r.track_id, r.point, r.target, r.alarms::text as alarms, null::int as before
    from unnest(${sql.param(robots.map((r) => r.sn))}::text[], ${sql.param(robots.map((r) => at(r.since)))}::timestamptz[]) as c(sn, since)
    cross join lateral (select * from analytics_robot_changes r
      where r.sn = c.sn and r.at >= c.since and r.at < ${at(to)}::timestamptz offset 0) r
    union all
    select c.sn, null, 0, '', null, null, null, null, (select count(*) from analytics_robot_changes r
      where r.sn = c.sn and r.at >= ${at(lookback)}::timestamptz and r.at < c.upto)::int
    from unnest(${sql.param(counted.map((r) => r.sn))}::text[], ${sql.param(counted.map((r) => at(r.upto ?? 0)))}::timestamptz[]) as c(sn, upto)`);
  const changes = new Map<string, ChangeRow[]>();
  const before = new Map<string, number>();
  for (const r of rows) {
    if (r.before !== null) {
      before.set(r.sn, r.before);
      continue;
    }
    let list = changes.get(r.sn);
    if (!list) {
      list = [];
      changes.set(r.sn, list);
    }
    list.push({
      at: r.at as number,
      online: r.online === 1,
      state: r.state,
      trackId: r.track_id,
      point: r.point,
      target: r.target,
      alarms: r.alarms === '[]' || r.alarms === null ? [] : JSON.parse(r.alarms),
    });
  }
  for (const list of changes.values()) list.sort((a, b) => a.at - b.at);
  return { changes, before };
}

/**
 * The indexed saved maps of these tracks, as they are in the database now: each map's digest is
 * read, and a map is read and indexed again only when its digest changed (kept in `memory`).
 */
export async function loadMaps(db: Database, trackIds: readonly number[], memory: RecomputeMemory) {
  const maps = new Map<number, MapIndex>();
  if (trackIds.length === 0) return maps;
  const { rows } = await db.execute<{ id: number; hash: string }>(
    sql`select id, md5(map::text) as hash from tracks where id = any(${sql.param(trackIds)}::int[]) and map is not null`,
  );
  const hashes = new Map(rows.map((r) => [r.id, r.hash]));
  const stale = trackIds.filter((id) => {
    const known = memory.maps.get(id);
    return !known || known.hash !== (hashes.get(id) ?? null);
  });
  if (stale.length > 0) {
    const fresh = await db.execute<{ id: number; map: unknown; hash: string }>(
      sql`select id, map, md5(map::text) as hash from tracks where id = any(${sql.param(stale)}::int[]) and map is not null`,
    );
    const read = new Map(fresh.rows.map((r) => [r.id, r]));
    for (const id of stale) {
      const row = read.get(id);
      memory.maps.set(id, { hash: row?.hash ?? null, index: row ? indexMap(row.map) : undefined });
    }
  }
  for (const id of trackIds) {
    const index = memory.maps.get(id)?.index;
    if (index) maps.set(id, index);
  }
  return maps;
}

/** The digests of these tracks' maps as `memory` holds them (after `loadMaps`). */
export const mapHashes = (trackIds: Iterable<number>, memory: RecomputeMemory) =>
  new Map([...trackIds].map((id) => [id, memory.maps.get(id)?.hash ?? null]));
