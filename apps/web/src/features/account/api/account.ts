import type {
  AccountSecurity,
  AccountSession,
  ChangeEmailInput,
  ChangePasswordInput,
  ReauthenticateInput,
  RecoveryCodes,
  TrustedDevice,
  TwoFactorSetup,
} from '@pulsa/shared/schemas/account';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';

type Message = { message: string };

export const accountSecurityQuery = queryOptions({
  queryKey: ['account', 'security'],
  queryFn: ({ signal }) => api.get<AccountSecurity>('/api/account/security', { signal }),
});

export const accountSessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: ({ signal }) => api.get<{ sessions: AccountSession[] }>('/api/account/sessions', { signal }),
});

export const trustedDevicesQuery = queryOptions({
  queryKey: ['account', 'devices'],
  queryFn: ({ signal }) => api.get<{ devices: TrustedDevice[] }>('/api/account/devices', { signal }),
});

export const accountRequests = {
  reauthenticate: (body: ReauthenticateInput) => api.post<Message>('/api/account/reauthenticate', body),
  setupTwoFactor: () => api.post<TwoFactorSetup>('/api/account/two-factor/setup'),
  enableTwoFactor: (code: string) => api.post<RecoveryCodes>('/api/account/two-factor/enable', { code }),
  disableTwoFactor: () => api.post<Message>('/api/account/two-factor/disable'),
  regenerateRecoveryCodes: () => api.post<RecoveryCodes>('/api/account/two-factor/recovery-codes'),
  endSession: (id: string) => api.delete<Message>(`/api/account/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: () => api.post<Message & { ended: number }>('/api/account/sessions/end-others'),
  forgetDevice: (id: string) => api.delete<Message>(`/api/account/devices/${encodeURIComponent(id)}`),
  changePassword: (body: ChangePasswordInput) => api.post<Message>('/api/account/password', body),
  changeEmail: (body: ChangeEmailInput) => api.post<Message>('/api/account/email', body),
  confirmEmailChange: (token: string) => api.post<Message>('/api/account/email/confirm', { token }),
};

/**
 * After a change to the account: the security summary, the sessions, the remembered devices and the
 * signed-in user reload.
 */
export function useAccountMutation<TArgs, TResult>(fn: (args: TArgs) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['account'] }),
        queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      ]);
    },
  });
}
