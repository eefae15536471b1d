/**
 * Query keys of the map editor. The saved map shares its key with the tracks slice's map
 * (`['tracks', 'map', id]`), so a save here shows in the track form at once.
 */
export const mapKeys = {
  map: (trackId: number) => ['tracks', 'map', trackId] as const,
  state: (trackId: number) => ['tracks', 'map-state', trackId] as const,
  background: (trackId: number, file: string) => ['tracks', 'map-background', trackId, file] as const,
  trackDetail: (trackId: number) => ['tracks', 'detail', trackId] as const,
};
