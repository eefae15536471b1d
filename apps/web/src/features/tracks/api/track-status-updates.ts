import { type Page, type Track, type TrackStatusPayload, topicFilters, trackStatusPayload } from '@railserve/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { BrokerStore } from '../../../lib/broker/broker-store.ts';
import { nextFrame } from '../../../lib/next-frame.ts';
import { noteTrackCharging } from './track-charging.ts';
import { trackKeys } from './track-keys.ts';

/** The track with a controller status applied; unchanged when the status is older than what it shows. */
export function withStatus(track: Track, status: TrackStatusPayload): Track {
  if (track.id !== status.trackId) return track;
  if (track.statusAt && Date.parse(status.ts) < Date.parse(track.statusAt)) return track;
  return {
    ...track,
    statusCode: status.status,
    errorCode: status.error,
    mode: status.mode,
    registerMode: status.mode === 'register',
    viewerMode: status.mode === 'viewer',
    robots: status.robots,
    statusAt: status.ts,
  };
}

/** Writes statuses (one per track) into every cached track list in one write, and each track's detail. */
export function applyTrackStatuses(queryClient: QueryClient, statuses: readonly TrackStatusPayload[]) {
  const byTrack = new Map(statuses.map((status) => [status.trackId, status]));
  queryClient.setQueriesData<Page<Track>>({ queryKey: trackKeys.lists }, (page) => {
    if (!page?.items.some((track) => byTrack.has(track.id))) return page;
    const items = page.items.map((track) => {
      const status = byTrack.get(track.id);
      return status ? withStatus(track, status) : track;
    });
    return { ...page, items };
  });
  for (const status of statuses) applyToDetail(queryClient, status);
}

/** The detail of the status's track, and what depends on a change of its status or robots. */
function applyToDetail(queryClient: QueryClient, status: TrackStatusPayload) {
  const id = status.trackId;
  const before = queryClient.getQueryData<Track>(trackKeys.detail(id));
  queryClient.setQueryData<Track>(trackKeys.detail(id), (track) => (track ? withStatus(track, status) : track));
  const after = queryClient.getQueryData<Track>(trackKeys.detail(id));
  if (!before || !after || before === after) return;
  if (before.statusCode !== after.statusCode || before.errorCode !== after.errorCode || before.mode !== after.mode) {
    void queryClient.invalidateQueries({ queryKey: trackKeys.statusChanges(id) });
  }
  if (before.robots.join() !== after.robots.join()) void queryClient.invalidateQueries({ queryKey: trackKeys.robots(id) });
}

/**
 * Live track status (app/live-updates.ts): the controller's `hcpro4/tracks/{id}/status`, checked
 * with the protocol schema, goes into the query cache, the latest per track gathered until the
 * next animation frame, so lists and details re-render once per frame however many tracks report.
 */
export function registerTrackStatusUpdates({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) {
  let pending = new Map<number, TrackStatusPayload>();
  let cancelFlush: (() => void) | undefined;
  const flush = () => {
    cancelFlush = undefined;
    const batch = [...pending.values()];
    pending = new Map();
    applyTrackStatuses(queryClient, batch);
  };
  const remove = broker.onMessage(topicFilters.trackStatus, (message) => {
    const parsed = trackStatusPayload.safeParse(message.json);
    if (!parsed.success) return;
    noteTrackCharging(parsed.data);
    const earlier = pending.get(parsed.data.trackId);
    if (!earlier || Date.parse(parsed.data.ts) >= Date.parse(earlier.ts)) pending.set(parsed.data.trackId, parsed.data);
    cancelFlush ??= nextFrame(flush);
  });
  return () => {
    remove();
    cancelFlush?.();
  };
}
