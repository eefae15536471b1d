import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { audioClips } from '../../db/schema/audio.ts';
import { updateFiles } from '../../db/schema/updates.ts';

/** One advisory lock for every quota check: commits that add stored bytes take turns, on any instance. */
const QUOTA_LOCK_KEY = 0x7261696c; // "rail"

/** Holds the quota lock until the transaction ends. */
export async function lockQuotas(tx: Database) {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_KEY})`);
}

/** Bytes of audio a track keeps. */
export async function trackAudioBytes(db: Database, trackId: number): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<string>`coalesce(sum(${audioClips.size}), 0)` })
    .from(audioClips)
    .where(eq(audioClips.trackId, trackId));
  return Number(row.bytes);
}

/** Bytes of all uploads: every track's audio and every update file. */
export async function uploadBytes(db: Database): Promise<number> {
  const result = await db.execute<{ bytes: string | number }>(
    sql`select (select coalesce(sum(${audioClips.size}), 0) from ${audioClips}) + (select coalesce(sum(${updateFiles.size}), 0) from ${updateFiles}) as bytes`,
  );
  return Number(result.rows[0].bytes);
}
