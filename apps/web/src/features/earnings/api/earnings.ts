import type { Earnings, TaxReceipt, TaxReceiptList } from '@pulsa/shared/schemas/earnings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { useLiveEvent } from '@/lib/live/live-provider';
import { EARNINGS_TEXT } from '../texts';

export const earningsKeys = {
  all: ['doctor', 'earnings'] as const,
  page: (page: number, pageSize: number) => ['doctor', 'earnings', 'page', page, pageSize] as const,
  receipts: (month: string) => ['doctor', 'earnings', 'receipts', month] as const,
};

/** Balances, a page of consultations with their split, and the monthly chart, in one answer. */
export function useEarnings(page: number, pageSize: number) {
  return useQuery({
    queryKey: earningsKeys.page(page, pageSize),
    queryFn: ({ signal }) =>
      api.get<Earnings>(withQuery('/api/doctor/earnings', { page, pageSize }), { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: EARNINGS_TEXT.loadError },
  });
}

export function useTaxReceipts(month: string) {
  return useQuery({
    queryKey: earningsKeys.receipts(month),
    queryFn: ({ signal }) =>
      api.get<TaxReceiptList>(withQuery('/api/doctor/tax-receipts', { month }), { signal }),
    meta: { errorTitle: EARNINGS_TEXT.loadError },
  });
}

/** Marks a receipt as issued (or not); the month's list shows it at once and is read again after. */
export function useMarkReceipt(month: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, issued }: { paymentId: string; issued: boolean }) =>
      api.put<Pick<TaxReceipt, 'paymentId' | 'issued' | 'issuedAt'>>(
        `/api/doctor/tax-receipts/${paymentId}`,
        {
          issued,
        },
      ),
    onMutate: async ({ paymentId, issued }) => {
      const key = earningsKeys.receipts(month);
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<TaxReceiptList>(key, (list) =>
        list
          ? {
              ...list,
              items: list.items.map((r) => (r.paymentId === paymentId ? { ...r, issued } : r)),
              issuedCount: list.issuedCount + (issued ? 1 : -1),
            }
          : list,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: earningsKeys.receipts(month) }),
  });
}

/** A payment, a consultation or a payout of this doctor changed: the money is read again. */
export function useEarningsLiveUpdates() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: earningsKeys.all });
  useLiveEvent('appointment.changed', refresh);
  // A payout built, paid or failed moves consultations between Disponível, Em transferência and Pago.
  useLiveEvent('payout.changed', refresh);
}
