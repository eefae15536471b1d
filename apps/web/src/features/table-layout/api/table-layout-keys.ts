/** Query keys of the table layout, under the tracks' prefix so that track changes refresh it. */
export const tableLayoutKeys = {
  layout: (trackId: number) => ['tracks', 'tables', trackId] as const,
};
