import type { CommandRecord, Page, TrackCommandBody } from '@railserve/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { isTrackId } from './get-track.ts';
import { trackKeys } from './track-keys.ts';

export type TrackCommandInput = { command: TrackCommandBody['command']; args?: Record<string, unknown> };

/** POST /tracks/{id}/commands?wait=true: answers once the controller acknowledged, refused or the timeout passed. */
export const sendTrackCommand = ({ id, body }: { id: number; body: TrackCommandInput }) =>
  api.post<CommandRecord>(`/tracks/${id}/commands`, body, { query: { wait: true } });

export function useSendTrackCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendTrackCommand,
    onSuccess: (record, { id }) => {
      queryClient.setQueryData<Page<CommandRecord>>(trackKeys.commands(id), (page) =>
        page ? { ...page, items: [record, ...page.items.filter((c) => c.id !== record.id)], total: page.total + 1 } : page,
      );
      return queryClient.invalidateQueries({ queryKey: trackKeys.commands(id) });
    },
  });
}

/** GET /tracks/{id}/commands: the recent commands, newest first. */
export const fetchTrackCommands = (id: number, signal?: AbortSignal) =>
  api.get<Page<CommandRecord>>(`/tracks/${id}/commands`, { query: { pageSize: 20 }, signal });

/** How often the list is read again while a command still waits for its answer (at most the 10 s timeout). */
const WHILE_SENT_MS = 1000;

/**
 * The track's recent commands. Acks reach the server, not the browser, so while one command is
 * still `sent` the list is read again every second until it is acknowledged, failed or timed out.
 */
export const useTrackCommands = (id: number | undefined) =>
  useQuery({
    queryKey: trackKeys.commands(id ?? 0),
    queryFn: ({ signal }) => fetchTrackCommands(id!, signal),
    enabled: isTrackId(id),
    refetchInterval: (query) => (query.state.data?.items.some((c) => c.status === 'sent') ? WHILE_SENT_MS : false),
  });
