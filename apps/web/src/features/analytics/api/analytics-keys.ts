import type { AnalyticsGranularity } from '@railserve/protocol';

/** The query every analytics call takes (protocol analyticsQuery): the range, zone, buckets and at most one scope. */
export type AnalyticsParams = {
  from: string;
  to: string;
  tz: string;
  granularity: AnalyticsGranularity;
  sessionId?: number;
  trackId?: number;
  robotSn?: string;
};

/** Query keys of the analytics slice. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  report: (kind: 'summary' | 'deliveries' | 'utilisation' | 'availability', params: AnalyticsParams) =>
    ['analytics', kind, params] as const,
  choices: (kind: 'sessions' | 'tracks' | 'robots') => ['analytics', 'choices', kind] as const,
};
