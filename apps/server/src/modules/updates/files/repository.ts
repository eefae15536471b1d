import type { PageQuery, UpdateFile } from '@railserve/protocol';
import { count, desc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { updateFiles, updateRecords } from '../../../db/schema/updates.ts';
import { paged } from '../../../lib/sql.ts';

type FileRow = typeof updateFiles.$inferSelect;

/** Where a file's bytes are kept in the file store. */
export const fileKey = (id: number) => `updates/${id}`;

export function toUpdateFile(row: FileRow, recordCount: number): UpdateFile {
  return {
    id: row.id,
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
    version: row.version,
    kind: row.kind as UpdateFile['kind'],
    uploadedAt: row.uploadedAt.toISOString(),
    recordCount,
  };
}

const usage = (db: Database) =>
  db
    .select({ fileId: updateRecords.fileId, used: count().as('used') })
    .from(updateRecords)
    .groupBy(updateRecords.fileId)
    .as('usage');

export async function listFiles(db: Database, query: PageQuery) {
  const used = usage(db);
  const base = db
    .select({ file: updateFiles, used: used.used })
    .from(updateFiles)
    .leftJoin(used, eq(used.fileId, updateFiles.id))
    .orderBy(desc(updateFiles.id));
  const rows = await paged(base, query);
  const [{ total }] = await db.select({ total: count() }).from(updateFiles);
  return { items: rows.map((r) => toUpdateFile(r.file, r.used ?? 0)), total, page: query.page, pageSize: query.pageSize };
}

export async function findFile(db: Database, id: number) {
  const [row] = await db.select().from(updateFiles).where(eq(updateFiles.id, id));
  return row;
}

export async function findFileByName(db: Database, filename: string) {
  const [row] = await db.select().from(updateFiles).where(eq(updateFiles.filename, filename));
  return row;
}

export async function countFileRecords(db: Database, fileId: number) {
  const [{ used }] = await db.select({ used: count() }).from(updateRecords).where(eq(updateRecords.fileId, fileId));
  return used;
}

export async function insertFile(db: Database, values: typeof updateFiles.$inferInsert) {
  const [row] = await db.insert(updateFiles).values(values).returning();
  return row;
}

/** Every file's signing inputs, to sign at start what is unsigned or signed with another key. */
export const fileSignatures = (db: Database) =>
  db
    .select({
      id: updateFiles.id,
      version: updateFiles.version,
      size: updateFiles.size,
      sha256: updateFiles.sha256,
      signature: updateFiles.signature,
    })
    .from(updateFiles);

export async function setFileSignature(db: Database, id: number, signature: string) {
  await db.update(updateFiles).set({ signature }).where(eq(updateFiles.id, id));
}

export async function deleteFile(db: Database, id: number) {
  const rows = await db.delete(updateFiles).where(eq(updateFiles.id, id)).returning({ id: updateFiles.id });
  return rows.length;
}
