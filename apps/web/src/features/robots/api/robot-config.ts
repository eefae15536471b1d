import type { CommandRecord, RobotConfigGroup, RobotConfigView } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { robotKeys } from './robot-keys.ts';

/** GET /robots/{sn}/config/{group}: the group as the robot last reported it (404 until it has). */
export const fetchRobotConfig = (sn: string, group: RobotConfigGroup, signal?: AbortSignal) =>
  api.get<RobotConfigView>(`/robots/${sn}/config/${group}`, { signal });

export const useRobotConfig = (sn: string, group: RobotConfigGroup) =>
  useQuery({ queryKey: robotKeys.config(sn, group), queryFn: ({ signal }) => fetchRobotConfig(sn, group, signal) });

/** PUT /robots/{sn}/config/{group}?wait=true: validated against the ranges, answered with the robot's ack. */
export const writeRobotConfig = ({ sn, group, data }: { sn: string; group: RobotConfigGroup; data: Record<string, unknown> }) =>
  api.put<CommandRecord>(`/robots/${sn}/config/${group}`, data, { query: { wait: true } });

export function useWriteRobotConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeRobotConfig,
    onSettled: (_record, _error, { sn, group }) => {
      void queryClient.invalidateQueries({ queryKey: robotKeys.commands(sn) });
      return queryClient.invalidateQueries({ queryKey: robotKeys.config(sn, group) });
    },
  });
}
