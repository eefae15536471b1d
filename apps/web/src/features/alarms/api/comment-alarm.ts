import type { AlarmDetail } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { alarmKeys } from './alarm-keys.ts';

/** POST /alarms/{id}/comments {text}: answers the alarm with its timeline. */
export const commentAlarm = ({ id, text }: { id: number; text: string }) =>
  api.post<AlarmDetail>(`/alarms/${id}/comments`, { text });

export function useCommentAlarm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commentAlarm,
    onSuccess: (detail) => queryClient.setQueryData(alarmKeys.detail(detail.id), detail),
  });
}
