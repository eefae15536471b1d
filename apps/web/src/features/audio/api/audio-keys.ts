/** Query keys of the audio slice; every change to a track's clips invalidates its library (which carries its storage use). */
export const audioKeys = {
  library: (trackId: number) => ['tracks', 'audio', trackId] as const,
};
