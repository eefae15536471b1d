import type { ListUpdateRecordsQuery, UpdateRecord } from '@railserve/protocol';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { updateFiles, updateRecords } from '../../../db/schema/updates.ts';
import { likeContains, paged } from '../../../lib/sql.ts';

type FileRow = typeof updateFiles.$inferSelect;
type RecordRow = typeof updateRecords.$inferSelect;

export function toUpdateRecord(row: RecordRow, file: FileRow): UpdateRecord {
  return {
    id: row.id,
    deviceType: row.deviceType as UpdateRecord['deviceType'],
    version: row.version,
    deviceSerial: row.deviceSerial,
    status: row.status as UpdateRecord['status'],
    failureReason: row.failureReason,
    fileId: row.fileId,
    filename: file.filename,
    sha256: file.sha256,
    size: file.size,
    verificationCode: row.verificationCode,
    rolloutId: row.rolloutId,
    downloadedBy: row.downloadedBy,
    downloadedAt: row.downloadedAt?.toISOString() ?? null,
    verified: row.verifiedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function recordFilters(query: ListUpdateRecordsQuery) {
  const filters: SQL[] = [];
  if (query.deviceType) filters.push(eq(updateRecords.deviceType, query.deviceType));
  if (query.status) filters.push(eq(updateRecords.status, query.status));
  if (query.deviceSerial) filters.push(ilike(updateRecords.deviceSerial, likeContains(query.deviceSerial)));
  if (query.rolloutId) filters.push(eq(updateRecords.rolloutId, query.rolloutId));
  if (query.q) {
    const like = likeContains(query.q);
    filters.push(
      or(ilike(updateRecords.deviceSerial, like), ilike(updateRecords.version, like), ilike(updateFiles.filename, like)) as SQL,
    );
  }
  return filters.length ? and(...filters) : undefined;
}

export async function listRecords(db: Database, query: ListUpdateRecordsQuery) {
  const where = recordFilters(query);
  const base = db
    .select({ record: updateRecords, file: updateFiles })
    .from(updateRecords)
    .innerJoin(updateFiles, eq(updateFiles.id, updateRecords.fileId))
    .where(where)
    .orderBy(desc(updateRecords.updatedAt), desc(updateRecords.id));
  const rows = await paged(base, query);
  const [{ total }] = await db
    .select({ total: count() })
    .from(updateRecords)
    .innerJoin(updateFiles, eq(updateFiles.id, updateRecords.fileId))
    .where(where);
  return { items: rows.map((r) => toUpdateRecord(r.record, r.file)), total, page: query.page, pageSize: query.pageSize };
}

export async function findRecord(db: Database, id: number) {
  const [row] = await db
    .select({ record: updateRecords, file: updateFiles })
    .from(updateRecords)
    .innerJoin(updateFiles, eq(updateFiles.id, updateRecords.fileId))
    .where(eq(updateRecords.id, id));
  return row;
}

export async function insertRecord(db: Pick<Database, 'insert'>, values: typeof updateRecords.$inferInsert) {
  const [row] = await db.insert(updateRecords).values(values).returning();
  return row;
}

export async function updateRecord(db: Database, id: number, values: Partial<typeof updateRecords.$inferInsert>) {
  const [row] = await db
    .update(updateRecords)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(updateRecords.id, id))
    .returning();
  return row;
}

/**
 * Fails a record from the server's side (an `update` command refused, timed out or not sent),
 * unless it already finished. Device reports go through `moveReportedRecord` (report-rules.ts).
 */
export async function advanceRecord(
  db: Database,
  id: number,
  deviceSerial: string,
  status: string,
  failureReason: string | null,
) {
  const [row] = await db
    .update(updateRecords)
    .set({ status, failureReason, updatedAt: new Date() })
    .where(
      and(
        eq(updateRecords.id, id),
        eq(updateRecords.deviceSerial, deviceSerial),
        sql`${updateRecords.status} not in ('update_complete', 'failed')`,
      ),
    )
    .returning();
  return row;
}

/** The record's own device fetched the file: kept while the record is still on its way. */
export async function markDownloaded(db: Database, id: number, deviceSerial: string) {
  await db
    .update(updateRecords)
    .set({ downloadedBy: deviceSerial, downloadedAt: new Date() })
    .where(
      and(
        eq(updateRecords.id, id),
        eq(updateRecords.deviceSerial, deviceSerial),
        inArray(updateRecords.status, ['waiting_download', 'download_complete']),
      ),
    );
}

/** Moves a record on from the status a device report was judged against; undefined when it moved meanwhile. */
export async function moveReportedRecord(
  db: Database,
  id: number,
  from: string,
  values: { status: string; failureReason: string | null; verifiedAt?: Date },
) {
  const [row] = await db
    .update(updateRecords)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(updateRecords.id, id), eq(updateRecords.status, from)))
    .returning();
  return row;
}

export async function deleteRecord(db: Database, id: number) {
  const rows = await db.delete(updateRecords).where(eq(updateRecords.id, id)).returning({ id: updateRecords.id });
  return rows.length;
}
