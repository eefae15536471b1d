import type { CommandRecord, Page, Robot } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { robotKeys } from './robot-keys.ts';

/** PATCH /robots/{sn}: the console's name, which wins over the robot's own from now on. */
export const renameRobot = ({ sn, name }: { sn: string; name: string }) => api.patch<Robot>(`/robots/${sn}`, { name });

/** DELETE /robots/{sn}: the robot is told to forget its registration and leaves the list. */
export const removeRobot = (sn: string) => api.delete<CommandRecord | null>(`/robots/${sn}`);

export function useRenameRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameRobot,
    onSuccess: (robot) => {
      queryClient.setQueryData<Page<Robot>>(robotKeys.list, (page) =>
        page ? { ...page, items: page.items.map((r) => (r.sn === robot.sn ? robot : r)) } : page,
      );
      return queryClient.invalidateQueries({ queryKey: robotKeys.commands(robot.sn) });
    },
  });
}

export function useRemoveRobot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeRobot,
    onSuccess: (_record, sn) => {
      queryClient.setQueryData<Page<Robot>>(robotKeys.list, (page) =>
        page ? { ...page, items: page.items.filter((r) => r.sn !== sn), total: page.total - 1 } : page,
      );
    },
  });
}
