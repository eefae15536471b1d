import type { StorageUsage } from '@railserve/protocol';

/** From this share of a quota on, the bar warns that space is running out. */
export const STORAGE_WARNING_SHARE = 0.9;

export type StorageLevel = { percent: number; state: 'normal' | 'warning' | 'full' };

/** How full a quota is: the bar's percent (one decimal, at most 100) and whether to warn. */
export function storageLevel({ usedBytes, quotaBytes }: StorageUsage): StorageLevel {
  const share = quotaBytes > 0 ? usedBytes / quotaBytes : 1;
  const percent = Math.min(100, Math.round(share * 1000) / 10);
  return { percent, state: share >= 1 ? 'full' : share >= STORAGE_WARNING_SHARE ? 'warning' : 'normal' };
}
