import type {
  AdminPayoutList,
  AdminPayoutListQuery,
  ConnectOnboarding,
  Payout,
  PayoutAccount,
  PayoutList,
  PayoutRunResult,
  PixKeyInput,
  RecordPixTransfers,
} from '@pulsa/shared/schemas/payouts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live/live-provider';
import { PAYOUTS_TEXT } from '../texts';

export const payoutKeys = {
  account: ['doctor', 'payouts', 'account'] as const,
  mine: ['doctor', 'payouts', 'list'] as const,
  admin: ['admin', 'payouts'] as const,
  adminList: (query: AdminPayoutListQuery) => ['admin', 'payouts', query] as const,
};

/** The doctor's payout account: asked on the profile page's load (spec section 3). */
export function useMyPayoutAccount() {
  return useQuery({
    queryKey: payoutKeys.account,
    queryFn: ({ signal }) => api.get<PayoutAccount>('/api/doctor/payouts/account', { signal }),
    meta: { errorTitle: PAYOUTS_TEXT.card.statusError },
  });
}

/** Starts Connect onboarding: the answer is the address the browser goes to. */
export function useStartConnect() {
  return useMutation({
    mutationFn: () => api.post<ConnectOnboarding>('/api/doctor/payouts/account/connect'),
  });
}

/** Registers or changes the PIX key; the caller runs it through the re-authentication guard. */
export function useSavePixKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (data: PixKeyInput) => api.put<PayoutAccount>('/api/doctor/payouts/account/pix', data),
    onSuccess: (account) => queryClient.setQueryData(payoutKeys.account, account),
  });
}

export function useMyPayouts() {
  return useQuery({
    queryKey: payoutKeys.mine,
    queryFn: ({ signal }) =>
      api.get<PayoutList>('/api/doctor/payouts', { signal }).then((answer) => answer.items),
    meta: { errorTitle: PAYOUTS_TEXT.list.loadError },
  });
}

export const statementUrl = (payout: Payout, area: 'doctor' | 'admin') =>
  `/api/${area}/payouts/${encodeURIComponent(payout.id)}/statement.pdf`;

export function useAdminPayouts(query: AdminPayoutListQuery) {
  return useQuery({
    queryKey: payoutKeys.adminList(query),
    queryFn: ({ signal }) =>
      api.get<AdminPayoutList>(withQuery('/api/admin/payouts', { ...query }), { signal }),
    meta: { errorTitle: PAYOUTS_TEXT.admin.loadError },
    placeholderData: (previous) => previous,
  });
}

function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: payoutKeys.admin }),
  });
}

export const useRecordPixTransfers = () =>
  useAdminMutation((data: RecordPixTransfers) =>
    api.post<{ updated: number }>('/api/admin/payouts/pix-transfers', data),
  );

export const useFailPayout = () =>
  useAdminMutation(({ id, reason }: { id: string; reason: string }) =>
    api.post<Payout>(`/api/admin/payouts/${encodeURIComponent(id)}/fail`, { reason }),
  );

export const useRunPayouts = () =>
  useAdminMutation((_: undefined) => api.post<PayoutRunResult>('/api/admin/payouts/run'));

/** A payout created, paid or failed, or an account changed: the open screens read again. */
export function usePayoutLiveUpdates(area: 'doctor' | 'admin') {
  const queryClient = useQueryClient();
  useLiveEvent('payout.changed', () => {
    if (area === 'admin') void queryClient.invalidateQueries({ queryKey: payoutKeys.admin });
    else {
      void queryClient.invalidateQueries({ queryKey: payoutKeys.mine });
      void queryClient.invalidateQueries({ queryKey: payoutKeys.account });
    }
  });
}
