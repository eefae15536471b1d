import type { UpdateUserBody, User } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from '../../../lib/auth.ts';
import { userKeys } from './user-keys.ts';

/** PUT /users/{id}; the username is fixed and a blank password keeps the current one. */
export const updateUser = ({ id, body }: { id: number; body: UpdateUserBody }) => api.put<User>(`/users/${id}`, body);

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: (user) => {
      queryClient.setQueryData(userKeys.detail(user.id), user);
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
      // The header shows the signed-in user's nickname and role.
      const me = queryClient.getQueryData<User>(authKeys.me);
      if (me?.id === user.id) void queryClient.invalidateQueries({ queryKey: authKeys.me });
    },
  });
}
