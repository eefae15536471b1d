import type { AlarmSettings } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmSettingsKeys } from './alarm-settings-keys.ts';

/** GET /alarm-settings (levels 0-1). */
export const useAlarmSettings = () =>
  useQuery({
    queryKey: alarmSettingsKeys.settings,
    queryFn: ({ signal }) => api.get<AlarmSettings>('/alarm-settings', { signal }),
  });

/** PUT /alarm-settings: the whole settings at once. */
export function useSaveAlarmSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlarmSettings) => api.put<AlarmSettings>('/alarm-settings', settings),
    onSuccess: (saved) => queryClient.setQueryData(alarmSettingsKeys.settings, saved),
  });
}
