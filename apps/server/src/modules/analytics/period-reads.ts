import type { Database } from '../../db/client.ts';
import { readClosedHours } from './closed-hours-cache.ts';
import { deliveriesByTable, type RobotTrackRow, robotsByTrack, type TableRow } from './period-sums-repository.ts';
import {
  type Bucketing,
  deliveredPerHour,
  deliveriesByHour,
  type Period,
  type ReadOptions,
  robotHoursByTrack,
  type Scope,
} from './query-repository.ts';
import { TIME_FIELDS } from './query-sql.ts';

/** Rows with the same key summed into one (a period read in two parts: closed-hours-cache.ts). */
function summed<T extends object>(keyOf: (row: T) => string, fields: readonly (keyof T)[]) {
  return (rows: readonly T[]) => {
    const out = new Map<string, T>();
    for (const row of rows) {
      const key = keyOf(row);
      const seen = out.get(key);
      if (!seen) out.set(key, { ...row });
      else for (const f of fields) (seen[f] as number) += row[f] as number;
    }
    return [...out.values()];
  };
}

const robotsSummed = summed<RobotTrackRow>((r) => `${r.sn}|${r.trackId}`, TIME_FIELDS);
const tablesSummed = summed<TableRow>((r) => `${r.trackId}|${r.target}`, ['delivered', 'deliveryMs', 'aborted']);

/**
 * The reads a request makes of a period, each answered from the closed hours kept in memory
 * where there is a cache (closed-hours-cache.ts). `scopeKey` names what the scope covers (a
 * session: its tracks now); it is awaited only where a cache is kept. `raw` reads are never kept.
 */
export function periodReads(db: Database, scope: Scope, scopeKey: Promise<string>, options: ReadOptions) {
  const read = <T>(name: string, period: Period, part: (p: Period) => Promise<T[]>, merge?: (rows: T[]) => T[]) =>
    options.raw
      ? part(period)
      : readClosedHours(
          db,
          scopeKey.then((s) => `${name}|${s}`),
          period,
          part,
          merge,
        );
  return {
    hours: (p: Period, b: Bucketing) => read(`hours|${b.key}`, p, (part) => robotHoursByTrack(db, scope, part, b, options)),
    deliveries: (p: Period, b: Bucketing) =>
      read(`deliveries|${b.key}`, p, (part) => deliveriesByHour(db, scope, part, b, options)),
    robots: (p: Period) => read('robots', p, (part) => robotsByTrack(db, scope, part, options), robotsSummed),
    perHour: (p: Period) => read('perHour', p, (part) => deliveredPerHour(db, scope, part, options)),
    tables: (p: Period) => read('tables', p, (part) => deliveriesByTable(db, scope, part, options), tablesSummed),
  };
}

/** What a scope covers, as a key: a session by its tracks (a track moved to another session changes it). */
export function scopeKeyOf(scope: Scope, tracks: ReadonlyMap<number, { sessionId: number | null }>) {
  if (scope.kind !== 'session') return JSON.stringify(scope);
  const ids = [...tracks].filter(([, t]) => t.sessionId === scope.id).map(([id]) => id);
  return `session:${scope.id}:${ids.sort((a, b) => a - b).join(',')}`;
}
