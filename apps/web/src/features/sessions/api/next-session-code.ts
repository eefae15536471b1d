import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { sessionKeys } from './session-keys.ts';

/** GET /sessions/next-code: the suggested S + year + serial for a new session. */
export const fetchNextSessionCode = (signal?: AbortSignal) => api.get<{ code: string }>('/sessions/next-code', { signal });

export const useNextSessionCode = (enabled: boolean) =>
  useQuery({ queryKey: sessionKeys.nextCode, queryFn: ({ signal }) => fetchNextSessionCode(signal), enabled, staleTime: 0 });
