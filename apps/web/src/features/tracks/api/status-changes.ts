import type { TrackStatusChange } from '@railserve/protocol';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isTrackId } from './get-track.ts';
import { trackKeys } from './track-keys.ts';

/** GET /tracks/{id}/status-changes: the latest changes of status, error or mode, newest first. */
export const fetchStatusChanges = (id: number, signal?: AbortSignal) =>
  api.get<TrackStatusChange[]>(`/tracks/${id}/status-changes`, { signal });

export const useStatusChanges = (id: number | undefined) =>
  useQuery({
    queryKey: trackKeys.statusChanges(id ?? 0),
    queryFn: ({ signal }) => fetchStatusChanges(id!, signal),
    enabled: isTrackId(id),
  });
