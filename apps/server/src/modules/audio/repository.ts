import type { AudioClip, AudioFormat, AudioKind, TableSide } from '@railserve/protocol';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audioClips } from '../../db/schema/audio.ts';

type ClipRow = typeof audioClips.$inferSelect;
export type ClipValues = {
  name: string;
  kind: AudioKind;
  tableSide: TableSide | null;
  format: AudioFormat;
  size: number;
  sha256: string;
};

export function toClip(row: ClipRow): AudioClip {
  return {
    id: row.id,
    trackId: row.trackId,
    name: row.name,
    kind: row.kind as AudioKind,
    ...(row.tableSide ? { tableSide: row.tableSide as TableSide } : {}),
    format: row.format as AudioFormat,
    size: row.size,
    sha256: row.sha256,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

export async function listClips(db: Database, trackId: number) {
  const rows = await db.select().from(audioClips).where(eq(audioClips.trackId, trackId)).orderBy(audioClips.name);
  return rows.map(toClip);
}

export async function findClip(db: Database, trackId: number, id: number) {
  const [row] = await db
    .select()
    .from(audioClips)
    .where(and(eq(audioClips.trackId, trackId), eq(audioClips.id, id)));
  return row ? toClip(row) : undefined;
}

export async function findClipByName(db: Database, trackId: number, kind: AudioKind, name: string) {
  const [row] = await db
    .select()
    .from(audioClips)
    .where(and(eq(audioClips.trackId, trackId), eq(audioClips.kind, kind), eq(audioClips.name, name)));
  return row ? toClip(row) : undefined;
}

export async function insertClip(db: Database, trackId: number, values: ClipValues) {
  const [row] = await db
    .insert(audioClips)
    .values({ trackId, ...values })
    .returning();
  return toClip(row);
}

export async function updateClip(db: Database, id: number, values: Partial<ClipValues> & { uploadedAt?: Date }) {
  const [row] = await db.update(audioClips).set(values).where(eq(audioClips.id, id)).returning();
  return row ? toClip(row) : undefined;
}

export async function deleteClip(db: Database, trackId: number, id: number) {
  const rows = await db
    .delete(audioClips)
    .where(and(eq(audioClips.trackId, trackId), eq(audioClips.id, id)))
    .returning({ id: audioClips.id });
  return rows.length;
}
