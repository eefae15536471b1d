/**
 * Query keys of the map editor's own resources, under the tracks' prefix so that the tracks'
 * mutations (which invalidate `['tracks']`) refresh them too. The saved map itself is the tracks
 * slice's (`trackMapQueryOptions`), given to the editor by app/track-map-route.tsx.
 */
export const mapKeys = {
  state: (trackId: number) => ['tracks', 'map-state', trackId] as const,
  background: (trackId: number, file: string) => ['tracks', 'map-background', trackId, file] as const,
};
