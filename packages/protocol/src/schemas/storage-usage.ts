import { z } from 'zod';

/**
 * Space taken by uploads against its quota: a track's audio (in `GET /tracks/{id}/audio`) or
 * all uploads, audio and update files together (`GET /updates/storage`). Counted from the sizes
 * the database keeps for each stored file. An upload that would go over is refused with 413
 * (`audio_quota_exceeded` or `storage_quota_exceeded`) and stores nothing.
 */
export const storageUsage = z.object({
  usedBytes: z.number().int().min(0),
  quotaBytes: z.number().int().min(1),
});
export type StorageUsage = z.infer<typeof storageUsage>;
