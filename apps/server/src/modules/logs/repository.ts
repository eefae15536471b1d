import { LOG_COUNT_CAP, type LogFilter, type LogRecord } from '@railserve/protocol';
import { and, asc, desc, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { logs, logTypes } from '../../db/schema/logs.ts';
import { logFilterWhere } from './filter-sql.ts';
import type { NameSource, NameSources } from './names.ts';
import { searchTextOf } from './search-text.ts';

export type LogRow = Omit<typeof logs.$inferInsert, 'id' | 'searchText'> & {
  trackId: number | null;
  robotSn: string | null;
  trackName: string | null;
  robotName: string | null;
};
/** A row as the writer queues it: which names its writer gave (even as null), the rest the sources find. */
export type NamedLogRow = LogRow & { namesGiven: { track: boolean; robot: boolean } };
type StoredRow = typeof logs.$inferSelect;
/** The database or a transaction of it: what the read queries need. */
export type Reader = Pick<Database, '$with' | 'with' | 'select' | 'execute'>;

/** Rows per statement of batched deletes: other queries get the connection between them. */
const DELETE_CHUNK = 10_000;

export function toLogRecord(row: StoredRow): LogRecord {
  return {
    id: row.id,
    time: row.time.toISOString(),
    source: row.source as LogRecord['source'],
    type: row.type,
    trackId: row.trackId,
    trackName: row.trackName,
    robotSn: row.robotSn,
    robotName: row.robotName,
    message: row.message,
    level: row.level as LogRecord['level'],
    deviceTime: row.deviceTime?.toISOString() ?? null,
    sender: row.sender,
  };
}

/** No module gives the names: a record keeps those its writer gave. */
const noName: NameSource = () => sql`NULL::varchar`;

/**
 * One statement for a whole batch: arrays through unnest keep it at 16 parameters however many
 * rows, and the record types are noted in the same round trip. A name the record's writer did
 * not give is looked up in the same statement, through its owner's source (names.ts). The search
 * text (both languages' renderings, search-text.ts) is worked out here, once per record.
 */
export async function insertLogRows(db: Database, rows: NamedLogRow[], names: NameSources = {}) {
  if (rows.length === 0) return;
  // One array parameter per column (a plain array in the template would become one parameter per row).
  const column = <K extends keyof NamedLogRow>(key: K) => sql.param(rows.map((r) => r[key] ?? null));
  const searchTexts = sql.param(rows.map((r) => searchTextOf(r.message)));
  const robotNamed = sql.param(rows.map((r) => r.namesGiven.robot || !r.robotSn));
  const trackNamed = sql.param(rows.map((r) => r.namesGiven.track || r.trackId == null));
  // Each name is looked up once per distinct key of the batch (a thousand records of a burst name a few robots).
  const namesOf = (source: NameSource = noName, key: SQL, named: SQL) =>
    sql`(SELECT k.key, ${source(sql`k.key`)} AS name FROM (SELECT DISTINCT ${key} AS key FROM batch WHERE NOT ${named}) k)`;
  await db.execute(sql`
    WITH batch AS (
      SELECT * FROM unnest(
        ${column('time')}::timestamptz[], ${column('source')}::varchar[], ${column('level')}::varchar[],
        ${column('type')}::varchar[], ${column('message')}::text[], ${column('trackId')}::int[],
        ${column('robotSn')}::varchar[], ${column('trackName')}::varchar[], ${column('robotName')}::varchar[],
        ${column('deviceTime')}::timestamptz[], ${column('sender')}::varchar[], ${searchTexts}::text[],
        ${column('deliveryKey')}::uuid[], ${trackNamed}::bool[], ${robotNamed}::bool[]) WITH ORDINALITY
        AS b(time, source, level, type, message, track_id, robot_sn, track_name, robot_name, device_time, sender, search_text, delivery_key, track_named, robot_named, position)
    ), robot_names AS ${namesOf(names.robot, sql`robot_sn`, sql`robot_named`)},
    track_names AS ${namesOf(names.track, sql`track_id`, sql`track_named`)},
    inserted AS (
      INSERT INTO ${logs} (time, source, level, type, message, track_id, robot_sn, track_name, robot_name, device_time, sender, search_text, delivery_key)
      SELECT b.time, b.source, b.level, b.type, b.message, b.track_id, b.robot_sn,
        CASE WHEN b.track_named THEN b.track_name ELSE left(tn.name, 128) END,
        CASE WHEN b.robot_named THEN b.robot_name ELSE left(rn.name, 64) END,
        b.device_time, b.sender, b.search_text, b.delivery_key
      FROM batch b
      LEFT JOIN robot_names rn ON rn.key = b.robot_sn AND NOT b.robot_named
      LEFT JOIN track_names tn ON tn.key = b.track_id AND NOT b.track_named
      -- In the batch's order, so records of one moment keep their ids in the order they were written.
      ORDER BY b.position
      -- A broker message delivered again (its first copy committed, its acknowledgement lost) is kept once.
      ON CONFLICT (delivery_key) WHERE delivery_key IS NOT NULL DO NOTHING
    )
    INSERT INTO ${logTypes} (type) SELECT DISTINCT unnest(${column('type')}::varchar[]) ON CONFLICT DO NOTHING`);
}

/** Bytes counted per record besides its texts: the JSON keys, numbers and time of one item. */
const RECORD_OVERHEAD_BYTES = 256;

/**
 * The newest matches, at most `limit` rows and `maxBytes` of text (counted in the database, so the
 * server never holds more than it answers); `truncated` when more would have matched.
 */
export async function findLogsWithin(db: Reader, where: SQL | undefined, limit: number, maxBytes: number) {
  const size = sql`octet_length(${logs.message}) + octet_length(${logs.type}) + coalesce(octet_length(${logs.trackName}), 0) + coalesce(octet_length(${logs.robotName}), 0) + ${RECORD_OVERHEAD_BYTES}`;
  const newest = db
    .select({ id: logs.id, time: logs.time, size: sql<number>`${size}`.as('size') })
    .from(logs)
    .where(where)
    .orderBy(desc(logs.time), desc(logs.id))
    .limit(limit + 1)
    .as('newest');
  // Sizes only (no texts) for up to limit+1 rows, then the texts of the rows that fit.
  const sized = await db
    .select({ id: newest.id, running: sql<number>`sum(${newest.size}) over (order by ${newest.time} desc, ${newest.id} desc)` })
    .from(newest);
  const fitting = sized.filter((row) => Number(row.running) <= maxBytes).slice(0, limit);
  const truncated = fitting.length < sized.length;
  if (fitting.length === 0) return { items: [], truncated };
  const rows = await db
    .select()
    .from(logs)
    // One array parameter: up to LOG_PAGE_ALL_CAP ids would exceed the 65,535 parameters of a statement.
    .where(sql`${logs.id} = any(${sql.param(fitting.map((row) => row.id))}::bigint[])`)
    .orderBy(desc(logs.time), desc(logs.id));
  return { items: rows.map(toLogRecord), truncated };
}

/**
 * A page and its capped total from one scan: the newest `max(cap, offset + limit) + 1` matches
 * are found once (ids and times only), counted, and the page is cut from them. A filter that is
 * costly to evaluate (free text over millions of rows) is then paid once, not twice.
 */
export function logPageQuery(db: Reader, where: SQL | undefined, offset: number, limit: number, cap = LOG_COUNT_CAP) {
  const matched = db.$with('matched').as(
    db
      .select({ id: logs.id, time: logs.time })
      .from(logs)
      .where(where)
      .orderBy(desc(logs.time), desc(logs.id))
      .limit(Math.max(cap, offset + limit) + 1),
  );
  const page = db
    .select({ id: matched.id })
    .from(matched)
    .orderBy(desc(matched.time), desc(matched.id))
    .offset(offset)
    .limit(limit);
  return db
    .with(matched)
    .select({ record: logs, matched: sql<number>`(SELECT count(*)::int FROM ${matched})` })
    .from(logs)
    .where(inArray(logs.id, page))
    .orderBy(desc(logs.time), desc(logs.id));
}

export async function findLogPage(db: Reader, where: SQL | undefined, offset: number, limit: number, cap = LOG_COUNT_CAP) {
  const scanCap = Math.max(cap, offset + limit);
  const rows = await logPageQuery(db, where, offset, limit, cap);
  // Past the last page there is no row to carry the count: count on its own.
  const matched = rows[0]?.matched ?? (offset > 0 ? (await cappedCountQuery(db, where, scanCap))[0].n : 0);
  return { items: rows.map((r) => toLogRecord(r.record)), total: Math.min(matched, scanCap), capped: matched > scanCap };
}

/**
 * Counts the newest matches, up to `cap`, in the order the page reads them. Without the order
 * the planner may pick a sequential scan that expects matches spread evenly through the table,
 * but records are stored oldest first, so "the last week" sits at the end and the
 * scan reads nearly the whole table (docs/benchmarks.md, "Logs").
 */
export async function countLogsCapped(db: Database, filter: Partial<LogFilter>, cap = LOG_COUNT_CAP) {
  const [{ n }] = await cappedCountQuery(db, logFilterWhere(filter), cap);
  return { total: Math.min(n, cap), capped: n > cap };
}

/** The count query itself (the benchmark prints its plan). */
export function cappedCountQuery(db: Reader, where: SQL | undefined, cap = LOG_COUNT_CAP) {
  const limited = db
    .select({ one: sql`1` })
    .from(logs)
    .where(where)
    .orderBy(desc(logs.time), desc(logs.id))
    .limit(cap + 1)
    .as('limited');
  return db.select({ n: sql<number>`count(*)::int` }).from(limited);
}

export type LogCursor = { time: Date; id: number };

/** One chunk of an export, newest first, strictly after `cursor` (keyset: no OFFSET cost). */
export async function findLogChunk(db: Database, filter: Partial<LogFilter>, cursor: LogCursor | undefined, limit: number) {
  const after = cursor ? sql`(${logs.time}, ${logs.id}) < (${cursor.time}, ${cursor.id})` : undefined;
  return db
    .select()
    .from(logs)
    .where(and(logFilterWhere(filter), after))
    .orderBy(desc(logs.time), desc(logs.id))
    .limit(limit);
}

export async function deleteLogsByIds(db: Database, ids: number[]) {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
    const result = await db.delete(logs).where(inArray(logs.id, ids.slice(i, i + DELETE_CHUNK)));
    deleted += result.rowCount ?? 0;
  }
  return deleted;
}

/** Deletes in chunks up to the newest id at the start, so records arriving meanwhile are not chased. */
export async function deleteLogsWhere(db: Database, where: SQL | undefined) {
  const [{ maxId }] = await db.select({ maxId: sql<number | null>`max(${logs.id})` }).from(logs);
  if (maxId === null) return 0;
  const scope = and(where, lte(logs.id, Number(maxId)));
  let deleted = 0;
  for (;;) {
    const chunk = db.select({ id: logs.id }).from(logs).where(scope).limit(DELETE_CHUNK);
    const result = await db.delete(logs).where(inArray(logs.id, chunk));
    deleted += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < DELETE_CHUNK) return deleted;
  }
}

export const deleteLogsByFilter = (db: Database, filter: Partial<LogFilter>) => deleteLogsWhere(db, logFilterWhere(filter));

export const deleteLogsBefore = (db: Database, cutoff: Date) => deleteLogsWhere(db, lt(logs.time, cutoff));

/**
 * Embedded PGlite runs no autovacuum: without this, deleted rows never free their space and the
 * planner's statistics stay as they were when the table was small.
 */
export async function vacuumLogs(db: Database) {
  await db.execute(sql`VACUUM (ANALYZE) ${logs}`);
}

export async function listLogTypes(db: Database) {
  const rows = await db.select().from(logTypes).orderBy(asc(logTypes.type));
  return rows.map((r) => r.type);
}
