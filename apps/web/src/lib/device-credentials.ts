import type { CredentialStatus, DeviceKind, SharedKeyStatus } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * Devices' own credentials (docs/protocol.md, "Device enrollment"), shared by the robots list and
 * screen and the track form: `path` is `/robots/{sn}` or `/tracks/{id}/controller`.
 */
export const credentialKeys = {
  all: ['device-credentials'] as const,
  list: (kind: DeviceKind) => ['device-credentials', 'list', kind] as const,
  one: (path: string) => ['device-credentials', 'one', path] as const,
  sharedKey: ['device-credentials', 'shared-key'] as const,
};

export type CredentialAction = 'revoke' | 'rotate' | 'allow-reenroll';

/** GET /devices/credentials?kind=: every device's credential state, by identity. */
export function useDeviceCredentials(kind: DeviceKind, enabled = true) {
  return useQuery({
    queryKey: credentialKeys.list(kind),
    queryFn: async ({ signal }) => {
      const { items } = await api.get<{ items: CredentialStatus[] }>('/devices/credentials', { query: { kind }, signal });
      return new Map(items.map((item) => [item.identity, item]));
    },
    enabled,
    refetchInterval: 30_000,
  });
}

/** GET {path}/credential */
export const useCredential = (path: string) =>
  useQuery({
    queryKey: credentialKeys.one(path),
    queryFn: ({ signal }) => api.get<CredentialStatus>(`${path}/credential`, { signal }),
  });

/** POST {path}/credential/{action} */
export function useCredentialAction(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CredentialAction) => api.post<CredentialStatus>(`${path}/credential/${action}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

/** GET /devices/shared-key: whether DEVICE_KEY is set and accepted, and how many devices use it. */
export const useSharedKey = (enabled = true) =>
  useQuery({
    queryKey: credentialKeys.sharedKey,
    queryFn: ({ signal }) => api.get<SharedKeyStatus>('/devices/shared-key', { signal }),
    enabled,
  });

/** POST /devices/shared-key/migrate: each connected device on the shared key gets its own credential. */
export function useMigrateSharedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ sent: number; offline: number }>('/devices/shared-key/migrate'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}

/** PUT /devices/shared-key {enabled} */
export function useSwitchSharedKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.put<SharedKeyStatus>('/devices/shared-key', { enabled }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
  });
}
