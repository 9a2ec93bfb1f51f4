import type { SignatureStatus, SignPendingAnswer } from '@pulsa/shared/schemas/signatures';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { SIGNATURE_TEXT as S } from '../signature-texts';
import { documentKeys } from './documents';

/** The doctor's cloud signature (decision 121): the PSCs, their link and session; never a token. */
export const signatureKeys = { status: ['signature', 'status'] as const };

export function useSignatureStatus() {
  return useQuery({
    queryKey: signatureKeys.status,
    queryFn: ({ signal }) => api.get<SignatureStatus>('/api/signature', { signal }),
    meta: { errorTitle: S.loadError },
  });
}

/** Asks for the PSC's address and sends the browser there; the PSC brings the doctor back. */
export function useStartSigningSession() {
  return useMutation({
    mutationFn: (provider: string) =>
      api.post<{ authorizeUrl: string }>('/api/signature/session', { provider }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}

export function useUnlinkSignature() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/api/signature/link'),
    onSuccess: () => client.invalidateQueries({ queryKey: signatureKeys.status }),
  });
}

/** Signs the doctor's documents waiting for their signature with the open session. */
export function useSignPending() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: string[]) => api.post<SignPendingAnswer>('/api/documents/sign', { ids }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: documentKeys.all });
      void client.invalidateQueries({ queryKey: signatureKeys.status });
    },
  });
}
