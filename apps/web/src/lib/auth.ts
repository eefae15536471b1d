import type { LoginBody, LoginData, User } from '@railserve/protocol';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { api } from './api-client.ts';
import { isTokenExpired, tokenStore } from './session.ts';

export const authKeys = { me: ['auth', 'me'] as const };

export const fetchMe = (signal?: AbortSignal) => api.get<User>('/me', { signal });

export const meQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me, queryFn: ({ signal }) => fetchMe(signal), staleTime: 60_000 });

export function useToken(): string | null {
  return useSyncExternalStore(tokenStore.subscribe, tokenStore.get);
}

export type CurrentUser = { user: User | null; token: string | null; isLoading: boolean; error: unknown };

/** The signed-in user: none without a usable token; otherwise what GET /me answers. */
export function useCurrentUser(): CurrentUser {
  const token = useToken();
  const usable = !!token && !isTokenExpired(token);
  const query = useQuery({ ...meQueryOptions(), enabled: usable });
  if (!usable) return { user: null, token: null, isLoading: false, error: null };
  return { user: query.data ?? null, token, isLoading: query.isPending, error: query.error };
}

export const login = (body: LoginBody) => api.post<LoginData>('/login', body);

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => {
      queryClient.clear();
      tokenStore.set(token);
      queryClient.setQueryData(authKeys.me, user);
    },
  });
}

export const logout = () => api.post<unknown>('/logout');

/**
 * Ends the session (spec section 4): POST /logout (a failure is only warned), then the token,
 * the cached data and (through `onSignedOut`) the broker connection go.
 */
export function useLogout(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await logout();
    } catch (error) {
      console.warn('Logout request failed', error);
    }
    onSignedOut();
    tokenStore.clear();
    queryClient.clear();
  }, [queryClient, onSignedOut]);
}
