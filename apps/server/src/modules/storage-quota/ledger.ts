/** What a quota-counted upload may take: the track's audio quota (audio only) and the total one. */
export type QuotaLimits = { trackId?: number; trackQuota: number; totalQuota: number };
/** Bytes stored when the upload began, and the bytes the upload frees once kept (a replaced file). */
export type QuotaStart = { trackUsed: number; totalUsed: number; credit: number };
export type QuotaScope = 'track' | 'total';

export type Reservation = {
  /** Counts bytes as they arrive; throws (via `refuse`) the moment they would cross a quota. */
  take(bytes: number): void;
  /** Gives the reserved bytes back: the upload was kept (the database now counts it) or refused. */
  release(): void;
};

/**
 * Bytes reserved by uploads still streaming, per track and in total, so that uploads running
 * side by side cannot together go over a quota while on their way to disk. The database stays
 * the source of truth: the commit checks again under a lock (quota.ts).
 */
export function createQuotaLedger(refuse: (scope: QuotaScope, limits: QuotaLimits) => Error) {
  const byTrack = new Map<number, number>();
  let total = 0;

  function reserve(limits: QuotaLimits, start: QuotaStart): Reservation {
    let taken = 0;
    let charged = 0;
    let open = true;
    const move = (bytes: number) => {
      total += bytes;
      if (limits.trackId !== undefined) {
        const next = (byTrack.get(limits.trackId) ?? 0) + bytes;
        if (next === 0) byTrack.delete(limits.trackId);
        else byTrack.set(limits.trackId, next);
      }
    };
    return {
      take(bytes) {
        if (!open) return;
        const nextCharged = Math.max(0, taken + bytes - start.credit);
        const delta = nextCharged - charged;
        if (limits.trackId !== undefined) {
          const trackReserved = byTrack.get(limits.trackId) ?? 0;
          if (start.trackUsed + trackReserved + delta > limits.trackQuota) throw refuse('track', limits);
        }
        if (start.totalUsed + total + delta > limits.totalQuota) throw refuse('total', limits);
        taken += bytes;
        charged = nextCharged;
        move(delta);
      },
      release() {
        if (!open) return;
        open = false;
        move(-charged);
      },
    };
  }

  return { reserve, reserved: () => ({ total, tracks: new Map(byTrack) }) };
}
export type QuotaLedger = ReturnType<typeof createQuotaLedger>;
