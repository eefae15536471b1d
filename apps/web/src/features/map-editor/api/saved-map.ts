import type { TrackMap } from '@railserve/protocol';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';

/** The track's saved map as the editor reads it: the tracks slice's query, given by app/track-map-route.tsx. */
export type SavedMapQuery = Pick<UseQueryResult<TrackMap | null>, 'data' | 'isPending' | 'isError' | 'error'>;

/**
 * How the editor saves the map: the tracks slice's mutation, given by app/track-map-route.tsx.
 * app/ has it refresh the editor's map state (useRefreshMapState) once a save succeeds.
 */
export type SaveMap = Pick<UseMutationResult<TrackMap, Error, { trackId: number; map: TrackMap }>, 'isPending' | 'mutateAsync'>;
