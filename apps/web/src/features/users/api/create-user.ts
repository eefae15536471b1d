import type { CreateUserBody, User } from '@railserve/protocol';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { userKeys } from './user-keys.ts';

/** POST /users; 409 username_taken for a duplicate username. */
export const createUser = (body: CreateUserBody) => api.post<User>('/users', body);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
