import { type MapTable, mapTables, type TableLayout, type TrackMap } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Query keys; the map key is the one the tracks slice uses, so both read one cached map. */
export const tableLayoutKeys = {
  layout: (trackId: number) => ['tracks', 'tables', trackId] as const,
  map: (trackId: number) => ['tracks', 'map', trackId] as const,
};

/** GET /tracks/{id}/tables: the pages of the ordering tablet's table grid. */
export const fetchTableLayout = (trackId: number, signal?: AbortSignal) =>
  api.get<TableLayout>(`/tracks/${trackId}/tables`, { signal });

export const useTableLayout = (trackId: number) =>
  useQuery({ queryKey: tableLayoutKeys.layout(trackId), queryFn: ({ signal }) => fetchTableLayout(trackId, signal) });

/** The map's tables (its table points' names) in point order; empty while no map is saved. */
export const useMapTables = (trackId: number) =>
  useQuery({
    queryKey: tableLayoutKeys.map(trackId),
    queryFn: ({ signal }) => api.get<TrackMap | null>(`/tracks/${trackId}/map`, { signal }),
    select: (map): { saved: boolean; tables: MapTable[] } => ({ saved: map !== null, tables: map ? mapTables(map) : [] }),
  });

/** PUT /tracks/{id}/tables: checked by the server against the map (duplicates, unknown tables). */
export const saveTableLayout = ({ trackId, layout }: { trackId: number; layout: TableLayout }) =>
  api.put<TableLayout>(`/tracks/${trackId}/tables`, layout);

export function useSaveTableLayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTableLayout,
    onSuccess: (layout, { trackId }) => {
      queryClient.setQueryData(tableLayoutKeys.layout(trackId), layout);
      return queryClient.invalidateQueries({ queryKey: tableLayoutKeys.map(trackId) });
    },
  });
}
