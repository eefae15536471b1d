import type { TrackStatusPayload } from '@railserve/protocol';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { trackStatusChanges } from '../../db/schema/tracks.ts';

export type AppliedStatus = {
  previous: { statusCode: number; errorCode: number; mode: string };
  /** Status, error or mode differ from what was stored. */
  changed: boolean;
};

/**
 * Stores a controller's status on its track and records a change row when status, error or mode
 * differ, in one statement under the row's lock: two servers (or a retained message racing a live
 * one) cannot interleave, and no reader sees the new status without its change. A status older
 * than the stored one is ignored. Answers undefined when the track does not exist or the status
 * is stale; otherwise the previous values.
 */
export async function applyTrackStatus(db: Database, status: TrackStatusPayload): Promise<AppliedStatus | undefined> {
  const at = sql`${new Date(status.ts).toISOString()}::timestamptz`;
  const robots = sql`${JSON.stringify(status.robots)}::jsonb`;
  const result = await db.execute<{ status_code: number; error_code: number; mode: string }>(sql`
    with old as (
      select id, status_code, error_code, mode from tracks
      where id = ${status.trackId} and (status_at is null or status_at <= ${at})
      for update
    ), updated as (
      update tracks t
      set status_code = ${status.status}, error_code = ${status.error}, mode = ${status.mode},
          robots = ${robots}, status_at = ${at}
      from old where t.id = old.id
      returning old.status_code, old.error_code, old.mode
    ), recorded as (
      insert into track_status_changes (track_id, status_code, error_code, mode, robots, at)
      select ${status.trackId}, ${status.status}, ${status.error}, ${status.mode}, ${robots}, ${at}
      from updated
      where (updated.status_code, updated.error_code, updated.mode) is distinct from
            (${status.status}::smallint, ${status.error}::smallint, ${status.mode}::varchar)
    )
    select status_code, error_code, mode from updated`);
  const row = result.rows[0];
  if (!row) return undefined;
  const previous = { statusCode: Number(row.status_code), errorCode: Number(row.error_code), mode: row.mode };
  const changed = previous.statusCode !== status.status || previous.errorCode !== status.error || previous.mode !== status.mode;
  return { previous, changed };
}

/** Keeps the record part small: status changes older than the retention go. */
export async function purgeStatusChanges(db: Database, olderThan: Date) {
  const rows = await db
    .delete(trackStatusChanges)
    .where(lt(trackStatusChanges.at, olderThan))
    .returning({ id: trackStatusChanges.id });
  return rows.length;
}
