import type { LoginInput, SessionUser } from '@pulsa/shared/schemas/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';

export const login = (body: LoginInput) => api.post<{ user: SessionUser }>('/api/auth/login', body);

/** Signs in and puts the user straight into the session cache, so guards see them at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user }),
  });
}
