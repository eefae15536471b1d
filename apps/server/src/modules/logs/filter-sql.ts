import type { LogFilter } from '@railserve/protocol';
import { and, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import { logs } from '../../db/schema/logs.ts';
import { likeContains } from '../../lib/sql.ts';
import { doubleCjk, hasCjk } from './search-text.ts';

/** The WHERE of a log filter; undefined when it matches everything. */
export function logFilterWhere(filter: Partial<LogFilter>): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(freeTextWhere(filter.q));
  if (filter.source) conditions.push(eq(logs.source, filter.source));
  if (filter.trackId !== undefined) conditions.push(eq(logs.trackId, filter.trackId));
  if (filter.robotSn) conditions.push(eq(logs.robotSn, filter.robotSn));
  if (filter.type) conditions.push(eq(logs.type, filter.type));
  if (filter.level) conditions.push(eq(logs.level, filter.level));
  if (filter.from) conditions.push(gte(logs.time, new Date(filter.from)));
  if (filter.to) conditions.push(lte(logs.time, new Date(filter.to)));
  const window = timeOfDayWhere(filter.timeFrom, filter.timeTo, filter.tz ?? 'UTC');
  if (window) conditions.push(window);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Free text as the reader sees the message, in either language (search-text.ts). Text with Chinese
 * is found only in `search_text` (which holds every message with Chinese, its characters doubled);
 * other text in the stored message or in its renderings, each answered by its trigram index.
 */
function freeTextWhere(q: string): SQL {
  if (hasCjk(q)) return ilike(logs.searchText, likeContains(doubleCjk(q)));
  const pattern = likeContains(q);
  return sql`(${ilike(logs.message, pattern)} OR ${ilike(logs.searchText, pattern)})`;
}

/**
 * The same question as freeTextWhere, asked of records already at hand (log-page.ts): a plain
 * substring test of the lower-cased texts costs a third of an ILIKE, and no index is wanted.
 */
export function freeTextTest(q: string): SQL {
  const holds = (column: typeof logs.message | typeof logs.searchText, text: string) =>
    sql`strpos(lower(${column}), lower(${text})) > 0`;
  if (hasCjk(q)) return holds(logs.searchText, doubleCjk(q));
  return sql`(${holds(logs.message, q)} OR ${holds(logs.searchText, q)})`;
}

/**
 * The `HH:mm` window in the user's zone, on every day. The end minute is inclusive
 * (09:00-17:00 keeps 17:00:30); a start after the end spans midnight (22:00-06:00).
 */
function timeOfDayWhere(timeFrom: string | undefined, timeTo: string | undefined, tz: string): SQL | undefined {
  if (!timeFrom && !timeTo) return undefined;
  const local = sql`(${logs.time} AT TIME ZONE ${tz})::time`;
  const start = timeFrom ? sql`${local} >= ${`${timeFrom}:00`}::time` : undefined;
  const end = timeTo ? sql`${local} <= ${`${timeTo}:59.999999`}::time` : undefined;
  if (start && end) return timeFrom! <= timeTo! ? sql`(${start} AND ${end})` : sql`(${start} OR ${end})`;
  return start ?? end;
}
