import type { AlarmWebhook, AlarmWebhookAttempt, AlarmWebhookBody } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmSettingsKeys } from './alarm-settings-keys.ts';

/** The delivery log is read again this often while it is open. */
const DELIVERIES_REFRESH_MS = 5000;

export const useAlarmWebhooks = () =>
  useQuery({
    queryKey: alarmSettingsKeys.webhooks,
    queryFn: ({ signal }) => api.get<AlarmWebhook[]>('/alarm-webhooks', { signal }),
  });

export const useWebhookDeliveries = (id: number | undefined) =>
  useQuery({
    queryKey: alarmSettingsKeys.deliveries(id ?? 0),
    queryFn: ({ signal }) => api.get<AlarmWebhookAttempt[]>(`/alarm-webhooks/${id}/deliveries`, { signal }),
    enabled: id !== undefined,
    refetchInterval: DELIVERIES_REFRESH_MS,
  });

export function useAddWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AlarmWebhookBody) => api.post<AlarmWebhook>('/alarm-webhooks', body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmSettingsKeys.webhooks }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<AlarmWebhook>(`/alarm-webhooks/${id}`),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: alarmSettingsKeys.webhooks }),
  });
}
