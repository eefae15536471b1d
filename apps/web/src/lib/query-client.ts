import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';

/** A client error (4xx) will not change by asking again; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 10_000,
        // Live state arrives over the broker; refetching on every focus only adds load.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
