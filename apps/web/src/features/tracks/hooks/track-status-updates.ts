import { type Page, type Track, type TrackStatusPayload, trackStatusPayload } from '@railserve/protocol';
import type { QueryClient } from '@tanstack/react-query';
import type { BrokerStore } from '../../../lib/mqtt.ts';
import { trackKeys } from '../api/track-keys.ts';

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

/** Writes one status into every cached track list and the track's detail. */
export function applyTrackStatus(queryClient: QueryClient, status: TrackStatusPayload) {
  const id = status.trackId;
  const before = queryClient.getQueryData<Track>(trackKeys.detail(id));
  queryClient.setQueriesData<Page<Track>>({ queryKey: trackKeys.lists }, (page) =>
    page ? { ...page, items: page.items.map((track) => withStatus(track, status)) } : page,
  );
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
 * with the protocol schema, goes straight into the query cache, so lists and details re-render.
 */
export function registerTrackStatusUpdates({ broker, queryClient }: { broker: BrokerStore; queryClient: QueryClient }) {
  return broker.onMessage('hcpro4/tracks/+/status', (message) => {
    const parsed = trackStatusPayload.safeParse(message.json);
    if (parsed.success) applyTrackStatus(queryClient, parsed.data);
  });
}
