import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/auth';
import { login } from './requests';

/** Signs in and puts the user straight into the session cache, so guards see them at once. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user }),
  });
}
