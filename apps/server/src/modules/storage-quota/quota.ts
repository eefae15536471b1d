import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { createQuotaLedger, type QuotaLedger, type QuotaLimits, type QuotaScope, type Reservation } from './ledger.ts';
import { lockQuotas, trackAudioBytes, uploadBytes } from './repository.ts';

/** 413, as DESIGN says for too large: the upload is too large for the space left (docs/decisions.md). */
export function quotaExceeded(scope: QuotaScope, limits: Pick<QuotaLimits, 'trackId' | 'trackQuota' | 'totalQuota'>) {
  return scope === 'track'
    ? new AppError(413, 'audio_quota_exceeded', `The track's audio would exceed its quota of ${limits.trackQuota} bytes`, {
        scope,
        quotaBytes: limits.trackQuota,
      })
    : new AppError(413, 'storage_quota_exceeded', `The uploads would exceed the total quota of ${limits.totalQuota} bytes`, {
        scope,
        quotaBytes: limits.totalQuota,
      });
}

const ledgers = new WeakMap<FastifyInstance, QuotaLedger>();
const ledgerOf = (app: FastifyInstance) => {
  let ledger = ledgers.get(app);
  if (!ledger) {
    ledger = createQuotaLedger(quotaExceeded);
    ledgers.set(app, ledger);
  }
  return ledger;
};

const limitsOf = (app: FastifyInstance, trackId?: number): QuotaLimits => ({
  trackId,
  trackQuota: app.config.audioQuotaPerTrackBytes,
  totalQuota: app.config.uploadQuotaTotalBytes,
});

/**
 * Starts counting an upload's bytes against the quotas: the track's audio quota when `trackId`
 * is given, and the total one always. `credit` is what the upload frees once kept (the file it
 * replaces). Release it in a `finally`, after the commit.
 */
export async function reserveUpload(app: FastifyInstance, options: { trackId?: number; credit?: number }): Promise<Reservation> {
  const limits = limitsOf(app, options.trackId);
  const [trackUsed, totalUsed] = await Promise.all([
    options.trackId === undefined ? 0 : trackAudioBytes(app.db, options.trackId),
    uploadBytes(app.db),
  ]);
  return ledgerOf(app).reserve(limits, { trackUsed, totalUsed, credit: options.credit ?? 0 });
}

/** Runs an upload with a reservation of the quotas, released however it ends (a kept file then counts in the database). */
export async function withReservation<T>(
  app: FastifyInstance,
  options: { trackId?: number; credit?: number },
  upload: (reservation: Reservation) => Promise<T>,
): Promise<T> {
  const reservation = await reserveUpload(app, options);
  try {
    return await upload(reservation);
  } finally {
    reservation.release();
  }
}

/**
 * The check that counts, inside the transaction that keeps the upload: under the quota lock,
 * what is stored now, minus what the upload replaces, plus what it adds, must fit both quotas.
 * Call `lockQuotas` first when `freeing` is read from the database (taking it twice is fine).
 */
export async function checkQuotas(
  app: FastifyInstance,
  tx: Database,
  change: { trackId?: number; adding: number; freeing: number },
) {
  await lockQuotas(tx);
  const limits = limitsOf(app, change.trackId);
  if (change.trackId !== undefined) {
    const used = await trackAudioBytes(tx, change.trackId);
    if (used - change.freeing + change.adding > limits.trackQuota) throw quotaExceeded('track', limits);
  }
  const used = await uploadBytes(tx);
  if (used - change.freeing + change.adding > limits.totalQuota) throw quotaExceeded('total', limits);
}

export const trackAudioUsage = async (app: FastifyInstance, trackId: number) => ({
  usedBytes: await trackAudioBytes(app.db, trackId),
  quotaBytes: app.config.audioQuotaPerTrackBytes,
});

export const uploadUsage = async (app: FastifyInstance) => ({
  usedBytes: await uploadBytes(app.db),
  quotaBytes: app.config.uploadQuotaTotalBytes,
});
