export type SessionListParams = { page: number; pageSize: number; q?: string };

/** Query keys of the sessions slice; mutations invalidate `sessionKeys.all`. */
export const sessionKeys = {
  all: ['sessions'] as const,
  list: (params: SessionListParams) => ['sessions', 'list', params] as const,
  detail: (id: number) => ['sessions', 'detail', id] as const,
  nextCode: ['sessions', 'next-code'] as const,
  /** Every track for the form's picker: under `tracks`, so track changes refresh it. */
  trackOptions: ['tracks', 'options'] as const,
};
