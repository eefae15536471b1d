import type { ChangeOwnPasswordBody, LoginData } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from '../../../lib/auth.ts';
import { tokenStore } from '../../../lib/session.ts';

export const changeOwnPassword = (body: ChangeOwnPasswordBody) => api.put<LoginData>('/me/password', body);

/** PUT /me/password: the server ends the old tokens and answers a new one, which replaces ours. */
export function useChangeOwnPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOwnPassword,
    onSuccess: ({ token, user }) => {
      tokenStore.set(token);
      queryClient.setQueryData(authKeys.me, user);
    },
  });
}
