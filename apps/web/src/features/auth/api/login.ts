import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sessionQueryOptions } from '@/lib/auth';
import { login, loginTwoFactor } from './requests';

/**
 * Signs in and puts the user straight into the session cache, so guards see them at once. With
 * two-factor on, the password step answers `twoFactorRequired` and the code step brings the user.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (result) => {
      if ('user' in result) queryClient.setQueryData(sessionQueryOptions.queryKey, { user: result.user });
    },
  });
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    onSuccess: ({ user }) => queryClient.setQueryData(sessionQueryOptions.queryKey, { user }),
  });
}
