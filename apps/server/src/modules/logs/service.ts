import { type DeleteLogsBody, type ListLogsQuery, LOG_COUNT_CAP, LOG_PAGE_ALL_CAP, type LogPage } from '@railserve/protocol';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** PostgreSQL's zone list can differ from the runtime's: its refusal is the user's bad `tz`, not a 500. */
export async function withValidZone<T>(where: 'querystring' | 'body', work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = e.code ?? e.cause?.code;
    const message = e.cause?.message ?? e.message ?? '';
    if (code === '22023' && message.includes('time zone')) {
      const path = where === 'body' ? ['body', 'filter', 'tz'] : ['querystring', 'tz'];
      throw badRequest('validation_failed', `Invalid input: ${path.join('.')}: invalid_time_zone`, [
        { path, message: 'invalid_time_zone' },
      ]);
    }
    throw error;
  }
}

/**
 * A page newest first, with the total counted up to LOG_COUNT_CAP (or as far as the page reaches).
 * `pageSize=all` answers up to LOG_PAGE_ALL_CAP newest records, `truncated` when more match.
 */
export async function listLogs(db: Database, query: ListLogsQuery): Promise<LogPage> {
  const { page, pageSize, ...filter } = query;
  return withValidZone('querystring', async () => {
    if (pageSize === 'all') {
      const items = await repo.findLogs(db, filter, LOG_PAGE_ALL_CAP + 1, 0);
      const truncated = items.length > LOG_PAGE_ALL_CAP;
      if (truncated) items.length = LOG_PAGE_ALL_CAP;
      return { items, total: items.length, page: 1, pageSize, totalCapped: truncated, truncated };
    }
    const { items, total, capped } = await repo.findLogPage(db, filter, (page - 1) * pageSize, pageSize, LOG_COUNT_CAP);
    return { items, total, page, pageSize, totalCapped: capped, truncated: false };
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
