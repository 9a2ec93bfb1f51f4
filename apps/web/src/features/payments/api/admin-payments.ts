import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import type {
  AdminPaymentDetails,
  AdminPaymentFilter,
  AdminPaymentPage,
  AdminRefundInput,
} from '@pulsa/shared/schemas/payments-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys, useAppointmentMutation } from '@/features/appointments';
import { api, withQuery } from '@/lib/api-client';
import type { TableState } from '@/lib/table-state';
import { PAYMENTS_TEXT as T } from '../texts';

/**
 * The team's payments live under the appointments' keys: every change of a consultation or its
 * payment (a live event, a refund, a transfer recorded) refreshes them with the rest.
 */
export const adminPaymentKeys = {
  all: appointmentKeys.adminPayments,
  list: [...appointmentKeys.adminPayments, 'list'] as const,
  details: (id: string) => [...appointmentKeys.adminPayments, 'details', id] as const,
};

export interface AdminPaymentFilters {
  status?: AdminPaymentFilter;
  refund?: 'awaiting_transfer';
}

const PATH = '/api/admin/payments';
const paymentPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

const listQuery = (state: TableState, filters: AdminPaymentFilters) => ({
  page: state.page,
  pageSize: state.pageSize,
  ...(state.q.trim() ? { q: state.q.trim() } : {}),
  ...filters,
});

/** One page of every payment, searched and filtered by the server, newest first. */
export function useAdminPayments(state: TableState, filters: AdminPaymentFilters) {
  const query = listQuery(state, filters);
  return useQuery({
    queryKey: [...adminPaymentKeys.list, query] as const,
    queryFn: ({ signal }) => api.get<AdminPaymentPage>(withQuery(PATH, query), { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: T.loadError },
  });
}

/** The CSV of the same search and filter (every page), downloaded by a plain link with the cookie. */
export function exportHref(state: TableState, filters: AdminPaymentFilters) {
  const { page: _page, pageSize: _size, ...rest } = listQuery(state, filters);
  return withQuery(`${PATH}/export.csv`, rest);
}

/** The receipt PDF the patient also gets (the appointment's newest payment). */
export const receiptHref = (appointmentId: string) =>
  `/api/appointments/${encodeURIComponent(appointmentId)}/payment/receipt.pdf`;

export function useAdminPaymentDetails(id: string | null) {
  return useQuery({
    queryKey: adminPaymentKeys.details(id ?? ''),
    queryFn: ({ signal }) => api.get<AdminPaymentDetails>(paymentPath(id as string), { signal }),
    enabled: !!id,
    meta: { errorTitle: T.loadError },
  });
}

/** A money action's answer is the payment's new details: kept at once, and every list read again. */
function usePaymentMutation<TInput>(mutationFn: (input: TInput) => Promise<AdminPaymentDetails>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (details) => {
      queryClient.setQueryData(adminPaymentKeys.details(details.payment.id), details);
      return queryClient.invalidateQueries({
        queryKey: adminPaymentKeys.list,
      });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: adminPaymentKeys.all }),
  });
}

/** Run through the re-authentication guard by the caller; the toast comes from the dialog. */
export const useRefundPayment = () =>
  usePaymentMutation(({ id, input }: { id: string; input: AdminRefundInput }) =>
    api.post<AdminPaymentDetails>(`${paymentPath(id)}/refunds`, input),
  );

export const useMarkPaid = () =>
  usePaymentMutation(({ id, reference }: { id: string; reference: string }) =>
    api.post<AdminPaymentDetails>(`${paymentPath(id)}/mark-paid`, { reference }),
  );

/** The admin records the PIX transfer that returned a paid boleto (the consultation's endpoint). */
export const useRecordRefundTransfer = () =>
  useAppointmentMutation(
    ({ appointmentId, reference }: { appointmentId: string; reference: string }) =>
      api.post<AppointmentDto>(
        `/api/admin/appointments/${encodeURIComponent(appointmentId)}/refund-transfer`,
        {
          reference,
        },
      ),
    T.refundTransfer.errorTitle,
  );
