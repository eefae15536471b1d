import type { CommandRecord, Page, RobotCommandBody } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { robotKeys } from './robot-keys.ts';

export type RobotCommandInput = { command: RobotCommandBody['command']; args?: Record<string, unknown> };

/** POST /robots/{sn}/commands?wait=true: answers once the robot acknowledged, refused or the timeout passed. */
export const sendRobotCommand = ({ sn, body }: { sn: string; body: RobotCommandInput }) =>
  api.post<CommandRecord>(`/robots/${sn}/commands`, body, { query: { wait: true } });

export function useSendRobotCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendRobotCommand,
    onSettled: (_record, _error, { sn }) => queryClient.invalidateQueries({ queryKey: robotKeys.commands(sn) }),
  });
}

/** GET /robots/{sn}/commands: the recent commands and configuration writes, newest first. */
export const fetchRobotCommands = (sn: string, signal?: AbortSignal) =>
  api.get<Page<CommandRecord>>(`/robots/${sn}/commands`, { query: { pageSize: 10 }, signal });

export const useRobotCommands = (sn: string) =>
  useQuery({ queryKey: robotKeys.commands(sn), queryFn: ({ signal }) => fetchRobotCommands(sn, signal) });
