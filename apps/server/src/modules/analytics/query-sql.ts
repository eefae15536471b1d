import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** Whose figures: the whole fleet, or one session (its tracks today), track or robot. */
export type Scope =
  | { kind: 'fleet' }
  | { kind: 'session'; id: number }
  | { kind: 'track'; id: number }
  | { kind: 'robot'; sn: string };

export type Period = { from: number; to: number };

/** `raw`: read the per-robot hourly rollups only, never the summaries (the summaries' own check). */
export type ReadOptions = { raw?: boolean };

export function scopeWhere(scope: Scope): SQL {
  switch (scope.kind) {
    case 'fleet':
      return sql`true`;
    case 'session':
      return sql`track_id in (select id from tracks where session_id = ${scope.id})`;
    case 'track':
      return sql`track_id = ${scope.id}`;
    case 'robot':
      return sql`sn = ${scope.sn}`;
  }
}

export const at = (t: number) => sql`${new Date(t).toISOString()}::timestamptz`;
/** `column` in [from, to). */
export const within = (column: SQL, from: number, to: number) => sql`${column} >= ${at(from)} and ${column} < ${at(to)}`;
export const inPeriod = (p: Period) => within(sql`hour`, p.from, p.to);
export const num = (v: unknown) => Number(v ?? 0);
export const time = (v: unknown) => new Date(v as string).getTime();
export const rowsOf = async (db: Database, query: SQL) => (await db.execute(query)).rows as Record<string, unknown>[];

/** Summed as float8: exact for whole milliseconds (below 2^53), and faster than the numeric sum of bigint. */
export const TIME_SUMS = sql`sum(online_ms::float8) online, sum(busy_ms::float8) busy, sum(idle_ms::float8) idle,
  sum(charging_ms::float8) charging, sum(sleep_ms::float8) sleep, sum(alarm_ms::float8) alarm, sum(other_ms::float8) other,
  sum(available_ms::float8) available`;
export const TIME_FIELDS = [
  'onlineMs',
  'busyMs',
  'idleMs',
  'chargingMs',
  'sleepMs',
  'alarmMs',
  'otherMs',
  'availableMs',
] as const;
export const timeColumns = (r: Record<string, unknown>) => ({
  onlineMs: num(r.online),
  busyMs: num(r.busy),
  idleMs: num(r.idle),
  chargingMs: num(r.charging),
  sleepMs: num(r.sleep),
  alarmMs: num(r.alarm),
  otherMs: num(r.other),
  availableMs: num(r.available),
});

/** A Postgres array literal, one parameter however long. */
export const arrayOf = (values: readonly (string | number)[]) => `{${values.join(',')}}`;

/**
 * A period split for the daily summaries: its whole UTC days, read from a day table, and the
 * hours before and after them, read from an hourly one. Any zone's period is answered exactly.
 */
export function splitDays(p: Period) {
  const DAY = 86_400_000;
  const from = Math.ceil(p.from / DAY) * DAY;
  const to = Math.floor(p.to / DAY) * DAY;
  return from < to
    ? {
        days: { from, to },
        edges: [
          { from: p.from, to: from },
          { from: to, to: p.to },
        ],
      }
    : undefined;
}
