import type {
  AdminDoctorDetail,
  DoctorStatusDecision,
  DocumentDecision,
  NameChangeDecision,
} from '@pulsa/shared/schemas/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VERIFICATION_TEXT } from '../texts';
import { adminDoctorKeys } from './get-admin-doctors';

function useDecision<V>(fn: (vars: V) => Promise<AdminDoctorDetail>, errorTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { error: { title: errorTitle } },
    onSuccess: (detail) => {
      queryClient.setQueryData(adminDoctorKeys.detail(detail.profile.id), detail);
      // The list reloads afterwards (spec section 4).
      void queryClient.invalidateQueries({ queryKey: adminDoctorKeys.list });
    },
  });
}

/** Approve, reject (with a reason) or put back in review. */
export function useDecideDoctor() {
  return useDecision(
    ({ doctorId, ...decision }: DoctorStatusDecision & { doctorId: string }) =>
      api.patch<AdminDoctorDetail>(`/api/admin/doctors/${doctorId}/status`, decision),
    VERIFICATION_TEXT.statusFailed,
  );
}

export function useDecideDocument() {
  return useDecision(
    ({ documentId, ...decision }: DocumentDecision & { documentId: string }) =>
      api.patch<AdminDoctorDetail>(`/api/admin/doctor-documents/${documentId}`, decision),
    VERIFICATION_TEXT.detail.documentFailed,
  );
}

/** Approve or refuse (with a reason) an approved doctor's request to change their name. */
export function useDecideNameChange() {
  return useDecision(
    ({ doctorId, ...decision }: NameChangeDecision & { doctorId: string }) =>
      api.patch<AdminDoctorDetail>(`/api/admin/doctors/${doctorId}/name-change`, decision),
    VERIFICATION_TEXT.nameChange.failed,
  );
}
