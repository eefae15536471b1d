import {
  type DeleteLogsBody,
  type ListLogsQuery,
  LOG_COUNT_CAP,
  LOG_PAGE_ALL_CAP,
  LOG_PAGE_ALL_MAX_BYTES,
  type LogPage,
} from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { withValidZone } from '../../lib/time-zone.ts';
import { type FreeTextLimits, findLogPageFiltered, findLogsWithinFiltered } from './log-page.ts';
import * as repo from './repository.ts';

/**
 * A page newest first, with the total counted up to LOG_COUNT_CAP (or as far as the page reaches).
 * `pageSize=all` answers up to LOG_PAGE_ALL_CAP newest records and LOG_PAGE_ALL_MAX_BYTES of text,
 * `truncated` when more match. `freeText`: how long free text may search before it searches only the
 * newest records (log-page.ts); undefined on PGlite, which cannot cancel a statement.
 */
export async function listLogs(
  db: Database,
  query: ListLogsQuery,
  { maxBytes = LOG_PAGE_ALL_MAX_BYTES, freeText }: { maxBytes?: number; freeText?: FreeTextLimits } = {},
): Promise<LogPage> {
  const { page, pageSize, ...filter } = query;
  return withValidZone('querystring', async () => {
    if (pageSize === 'all') {
      const answer = await findLogsWithinFiltered(db, filter, LOG_PAGE_ALL_CAP, maxBytes, freeText);
      const { items, truncated } = answer;
      return {
        items,
        total: items.length,
        page: 1,
        pageSize,
        totalCapped: truncated,
        truncated,
        partialSearch: 'partial' in answer,
      };
    }
    const answer = await findLogPageFiltered(db, filter, (page - 1) * pageSize, pageSize, LOG_COUNT_CAP, freeText);
    const { items, total, capped } = answer;
    return { items, total, page, pageSize, totalCapped: capped, truncated: false, partialSearch: 'partial' in answer };
  });
}

export async function deleteLogs(db: Database, body: DeleteLogsBody) {
  if (body.ids) return repo.deleteLogsByIds(db, [...new Set(body.ids)]);
  return withValidZone('body', () => repo.deleteLogsByFilter(db, body.filter ?? {}));
}

export const logTypes = (db: Database) => repo.listLogTypes(db);

/** Removes records older than the retention age; answers how many. */
export function purgeExpiredLogs(db: Database, retentionDays: number, now = Date.now()) {
  return repo.deleteLogsBefore(db, new Date(now - retentionDays * 86_400_000));
}
