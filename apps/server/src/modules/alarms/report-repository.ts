import { and, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alarms } from '../../db/schema/alarms.ts';
import { robotDisplayName, robots } from '../../db/schema/robots.ts';
import { tracks } from '../../db/schema/tracks.ts';

export type Period = { from: Date; to: Date };

/** Sums of one (robot, track, code) over the alarms raised in the period; the means are built from them. */
export type RaisedSums = {
  robotSn: string;
  trackId: number | null;
  code: string;
  count: number;
  acknowledged: number;
  ackSeconds: number;
  cleared: number;
  clearSeconds: number;
};

const seconds = (later: unknown, earlier: unknown) => sql`extract(epoch from (${later} - ${earlier}))`;

/** The alarms raised in `[from, to)`, summed per robot, track and code in the database. */
export function raisedSums(db: Database, { from, to }: Period): Promise<RaisedSums[]> {
  return db
    .select({
      robotSn: alarms.robotSn,
      trackId: alarms.trackId,
      code: alarms.code,
      count: sql<number>`count(*)`.mapWith(Number),
      acknowledged: sql<number>`count(${alarms.acknowledgedAt})`.mapWith(Number),
      ackSeconds: sql<number>`coalesce(sum(${seconds(alarms.acknowledgedAt, alarms.raisedAt)}), 0)::float8`.mapWith(Number),
      cleared: sql<number>`count(${alarms.clearedAt})`.mapWith(Number),
      clearSeconds: sql<number>`coalesce(sum(${seconds(alarms.clearedAt, alarms.raisedAt)}), 0)::float8`.mapWith(Number),
    })
    .from(alarms)
    .where(and(gte(alarms.raisedAt, from), lt(alarms.raisedAt, to)))
    .groupBy(alarms.robotSn, alarms.trackId, alarms.code);
}

/** The robots' names (console name, reported name, else the SN) of those still known. */
export async function robotNames(db: Database, sns: readonly string[]): Promise<Map<string, string>> {
  if (sns.length === 0) return new Map();
  const rows = await db
    .select({ sn: robots.sn, name: sql<string>`${robotDisplayName(robots)}` })
    .from(robots)
    .where(inArray(robots.sn, [...sns]));
  return new Map(rows.map((r) => [r.sn, r.name]));
}

export async function trackNames(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: tracks.id, name: tracks.name })
    .from(tracks)
    .where(inArray(tracks.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
