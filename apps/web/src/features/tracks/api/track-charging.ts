import type { TrackStatusPayload } from '@railserve/protocol';
import { useSyncExternalStore } from 'react';

/**
 * Which of a track's robots its controller holds back from orders until they have charged, as its
 * latest status says (`charging`, docs/protocol.md). The status is retained, so a console hears it
 * as soon as it connects; it is kept here, beside the query cache, because the server does not
 * store it and a track read again from the server must not lose it.
 */
const charging = new Map<number, { sns: readonly string[]; at: number }>();
const listeners = new Set<() => void>();
const NONE: readonly string[] = [];

/** Notes a track status's charging robots (track-status-updates.ts); an older status changes nothing. */
export function noteTrackCharging(status: TrackStatusPayload) {
  const at = Date.parse(status.ts);
  const known = charging.get(status.trackId);
  if (known && at < known.at) return;
  const sns = status.charging ?? NONE;
  const same = known && known.sns.length === sns.length && known.sns.every((sn, i) => sn === sns[i]);
  charging.set(status.trackId, { sns: same ? known.sns : sns, at });
  if (!same) for (const listener of listeners) listener();
}

export const chargingOf = (trackId: number) => charging.get(trackId)?.sns ?? NONE;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The track's robots charging now; renders again only when that list changes. */
export const useTrackCharging = (trackId: number) => useSyncExternalStore(subscribe, () => chargingOf(trackId));
