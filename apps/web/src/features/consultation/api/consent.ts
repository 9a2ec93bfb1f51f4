import type { ConsentStatus } from '@pulsa/shared/schemas/consultations';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CONSULTATION_TEXT } from '../texts';

/** The patient's acceptance of the current teleconsultation consent, with the text accepted. */
export const consentQuery = queryOptions({
  queryKey: ['patient', 'consent'],
  queryFn: ({ signal }) => api.get<ConsentStatus>('/api/patient/consent', { signal }),
});

/** Accepts the current consent version (the room and the account page both use it). */
export function useAcceptConsent(onAccepted?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ConsentStatus>('/api/patient/consent'),
    meta: { error: { title: CONSULTATION_TEXT.consent.error } },
    onSuccess: (status) => {
      queryClient.setQueryData(consentQuery.queryKey, status);
      onAccepted?.();
    },
  });
}

/** Withdraws the consent; it is asked again before the next call. */
export function useWithdrawConsent(onWithdrawn?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<ConsentStatus>('/api/patient/consent'),
    meta: { error: { title: CONSULTATION_TEXT.consent.withdrawError } },
    onSuccess: (status) => {
      queryClient.setQueryData(consentQuery.queryKey, status);
      onWithdrawn?.();
    },
  });
}
