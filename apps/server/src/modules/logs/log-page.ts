import type { LogFilter } from '@railserve/protocol';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { logs } from '../../db/schema/logs.ts';
import { sqlState } from '../../lib/db-errors.ts';
import { freeTextTest, logFilterWhere } from './filter-sql.ts';
import { cappedCountQuery, findLogPage, findLogsWithin, type Reader } from './repository.ts';

/**
 * Free text over millions of records has no plan that is cheap for every word: a trigram index
 * reads long lists for common letters and then every candidate record, walking the time index
 * reads far for a rare word, and the planner cannot tell which a word is (docs/decisions.md,
 * "Free text over millions of records"). So the exact search gets a deadline; from `hedgeAfterMs`
 * on, the newest `recentRows` records that pass the other filters are searched beside it, and past
 * the deadline that search answers, saying it is partial (a total of "at least") unless those
 * records were all there was. PGlite cannot cancel a statement, so there the exact search always
 * runs to its end (`limits` undefined).
 */
export type FreeTextLimits = { deadlineMs: number; hedgeAfterMs: number; recentRows: number };
export const FREE_TEXT_LIMITS: FreeTextLimits = { deadlineMs: 250, hedgeAfterMs: 100, recentRows: 50_000 };

const QUERY_CANCELED = '57014';

type Find<T> = (db: Reader, where: SQL | undefined) => Promise<T>;
/** What a search of the newest records answers when it did not reach them all. */
type MarkPartial<T> = (answer: T) => T & { partial: true };

/** A page newest first, with its total counted up to `cap` (or as far as the page reaches). */
export const findLogPageFiltered = (
  db: Database,
  filter: Partial<LogFilter>,
  offset: number,
  limit: number,
  cap: number,
  limits: FreeTextLimits | undefined,
) =>
  search(
    db,
    filter,
    limits,
    (reader, where) => findLogPage(reader, where, offset, limit, cap),
    (page) => ({ ...page, capped: true, partial: true }),
  );

/** The newest matches within `limit` rows and `maxBytes` of text (`pageSize=all`). */
export const findLogsWithinFiltered = (
  db: Database,
  filter: Partial<LogFilter>,
  limit: number,
  maxBytes: number,
  limits: FreeTextLimits | undefined,
) =>
  search(
    db,
    filter,
    limits,
    (reader, where) => findLogsWithin(reader, where, limit, maxBytes),
    (answer) => ({ ...answer, truncated: true, partial: true }),
  );

export async function search<T>(
  db: Database,
  filter: Partial<LogFilter>,
  limits: FreeTextLimits | undefined,
  find: Find<T>,
  partial: MarkPartial<T>,
): Promise<T | (T & { partial: true })> {
  if (!filter.q || !limits) return find(db, logFilterWhere(filter));
  const exact = db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL statement_timeout = ${Math.round(limits.deadlineMs)}`));
    return await find(tx, logFilterWhere(filter));
  });
  // The newest records are searched beside it once the exact search has taken a while, so that
  // when it runs out of time the partial answer is nearly ready.
  let recent: Promise<T | (T & { partial: true })> | undefined;
  const searchNewest = () => {
    recent ??= searchRecent(db, { ...filter, q: filter.q! }, limits.recentRows, find, partial);
    return recent;
  };
  const hedge = setTimeout(() => void searchNewest().catch(() => {}), limits.hedgeAfterMs);
  try {
    return await exact;
  } catch (error) {
    if (sqlState(error) !== QUERY_CANCELED) throw error;
    return await searchNewest();
  } finally {
    clearTimeout(hedge);
  }
}

/**
 * `find` among the newest `recentRows` records that pass the filters other than the text. The
 * subquery's LIMIT keeps the planner from reaching for the trigram index: the text is tested on
 * those records only.
 */
export async function searchRecent<T>(
  db: Database,
  filter: Partial<LogFilter> & { q: string },
  recentRows: number,
  find: Find<T>,
  partial: MarkPartial<T>,
): Promise<T | (T & { partial: true })> {
  const { q, ...rest } = filter;
  const others = logFilterWhere(rest);
  const answer = await find(
    db,
    sql`${logs.id} IN (SELECT id FROM (
      SELECT id, message, search_text FROM ${logs} WHERE ${others ?? sql`true`}
      ORDER BY time DESC, id DESC LIMIT ${recentRows}
    ) AS ${logs} WHERE ${freeTextTest(q)})`,
  );
  const [{ n: read }] = await cappedCountQuery(db, others, recentRows - 1);
  return read >= recentRows ? partial(answer) : answer;
}
