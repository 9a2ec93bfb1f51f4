import type {
  EmailSettingsInput,
  GeneralSettingsInput,
  PaymentSettingsInput,
  SettingsTestResult,
  SettingsView,
} from '@pulsa/shared/schemas/settings';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { platformQueryOptions } from '@/lib/platform';
import { SETTINGS_TEXT } from '../texts';

export const settingsQuery = queryOptions({
  queryKey: ['admin', 'settings'] as const,
  queryFn: ({ signal }) => api.get<SettingsView>('/api/admin/settings', { signal }),
});

/** The settings as saved; another admin's save reaches the open screen live. */
export function useSettings() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey });
  useLiveEvent('platform.changed', refresh);
  useLiveReconnected(refresh);
  return useQuery({ ...settingsQuery, meta: { errorTitle: SETTINGS_TEXT.loadFailed } });
}

type Save =
  | { tab: 'general'; data: GeneralSettingsInput }
  | { tab: 'payment'; data: PaymentSettingsInput }
  | { tab: 'email'; data: EmailSettingsInput };

/** Saves one tab (the caller runs it through the re-authentication guard); the answer is the new view. */
export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tab, data }: Save) => api.put<SettingsView>(`/api/admin/settings/${tab}`, data),
    onSuccess: (view) => {
      queryClient.setQueryData(settingsQuery.queryKey, view);
      // The brand, the default theme and the banner of this very page follow at once.
      void queryClient.invalidateQueries({ queryKey: platformQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'commissions'] });
    },
  });
}

export function useTestPayment() {
  return useMutation({
    mutationFn: (data: Omit<PaymentSettingsInput, 'enabled'>) =>
      api.post<SettingsTestResult>('/api/admin/settings/payment/test', data),
  });
}

export function useTestEmail() {
  return useMutation({
    mutationFn: (data: Omit<EmailSettingsInput, 'emailEnabled'>) =>
      api.post<SettingsTestResult>('/api/admin/settings/email/test', data),
  });
}
