import type { Cid10SearchResult } from '@pulsa/shared/schemas/cid10';
import type {
  Addendum,
  AddendumInput,
  ClinicalRecord,
  PatientHistory,
  PendingRecord,
  RecordShare,
  SaveDraftInput,
  SaveDraftResult,
  SignRecordInput,
} from '@pulsa/shared/schemas/records';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { RECORD_TEXT } from '../texts';

const enc = encodeURIComponent;

export const recordQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['records', 'consultation', appointmentId],
    queryFn: ({ signal }) =>
      api.get<ClinicalRecord>(`/api/consultations/${enc(appointmentId)}/record`, { signal }),
    // A record is read once per visit (each read is logged); the panel keeps its own state after.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });

export const historyQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['records', 'history', appointmentId],
    queryFn: ({ signal }) =>
      api.get<PatientHistory>(`/api/consultations/${enc(appointmentId)}/history`, { signal }),
    refetchOnWindowFocus: false,
  });

export const cid10Query = (q: string) =>
  queryOptions({
    queryKey: ['cid10', q],
    queryFn: ({ signal }) => api.get<Cid10SearchResult>(`/api/cid10?q=${enc(q)}&limit=12`, { signal }),
    enabled: q.trim().length >= 2,
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });

export const pendingRecordsQuery = queryOptions({
  queryKey: ['records', 'pending'],
  queryFn: ({ signal }) => api.get<{ items: PendingRecord[] }>('/api/doctor/records/pending', { signal }),
  meta: { errorTitle: RECORD_TEXT.pending.loadError },
});

export const patientRecordQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: ['records', 'patient', appointmentId],
    queryFn: ({ signal }) =>
      api.get<ClinicalRecord>(`/api/patient/records/${enc(appointmentId)}`, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
  });

export const recordSharesQuery = queryOptions({
  queryKey: ['records', 'shares'],
  queryFn: ({ signal }) => api.get<{ items: RecordShare[] }>('/api/patient/record-shares', { signal }),
});

export const saveDraft = (appointmentId: string, input: SaveDraftInput) =>
  api.put<SaveDraftResult>(`/api/consultations/${enc(appointmentId)}/record`, input);

export const signRecord = (appointmentId: string, input: SignRecordInput) =>
  api.post<ClinicalRecord>(`/api/consultations/${enc(appointmentId)}/record/sign`, input);

export function useAddAddendum(appointmentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddendumInput) =>
      api.post<Addendum>(`/api/consultations/${enc(appointmentId)}/record/addenda`, input),
    onSuccess: (added) => {
      queryClient.setQueryData(recordQuery(appointmentId).queryKey, (old) =>
        old ? { ...old, addenda: [...old.addenda, added] } : old,
      );
    },
  });
}

export function useShareToggle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ doctorId, share }: { doctorId: string; share: boolean }): Promise<void> => {
      if (share) await api.post<RecordShare>('/api/patient/record-shares', { doctorId });
      else await api.delete<{ message: string }>(`/api/patient/record-shares/${enc(doctorId)}`);
    },
    meta: { error: { title: RECORD_TEXT.shares.error } },
    onSettled: () => queryClient.invalidateQueries({ queryKey: recordSharesQuery.queryKey }),
  });
}
