import type { TableLayout, TrackMap } from '@railserve/protocol';
import { type UseQueryResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

import { tableLayoutKeys } from './table-layout-keys.ts';

/** The track's saved map, which names the tables: the tracks slice's query, given by app/track-form-route.tsx. */
export type SavedMapQuery = Pick<UseQueryResult<TrackMap | null>, 'data' | 'isPending' | 'isError' | 'error'>;

/** GET /tracks/{id}/tables: the pages of the ordering tablet's table grid. */
export const fetchTableLayout = (trackId: number, signal?: AbortSignal) =>
  api.get<TableLayout>(`/tracks/${trackId}/tables`, { signal });

export const useTableLayout = (trackId: number) =>
  useQuery({ queryKey: tableLayoutKeys.layout(trackId), queryFn: ({ signal }) => fetchTableLayout(trackId, signal) });

/** PUT /tracks/{id}/tables: checked by the server against the map (duplicates, unknown tables). */
export const saveTableLayout = ({ trackId, layout }: { trackId: number; layout: TableLayout }) =>
  api.put<TableLayout>(`/tracks/${trackId}/tables`, layout);

/** Saves the layout; `onSaved` (app/track-form-route.tsx) reads the track's map again. */
export function useSaveTableLayout(onSaved: (trackId: number) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTableLayout,
    onSuccess: (layout, { trackId }) => {
      queryClient.setQueryData(tableLayoutKeys.layout(trackId), layout);
      return onSaved(trackId);
    },
  });
}
