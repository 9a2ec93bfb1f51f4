import type { DocumentKind } from '@pulsa/shared/constants/statuses';
import type { DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { DOCTORS_TEXT } from '../texts';
import { doctorKeys } from './get-my-profile';

function useProfileMutation<V>(fn: (vars: V) => Promise<DoctorProfile>, errorTitle: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    meta: { error: { title: errorTitle } },
    onSuccess: (profile) => {
      queryClient.setQueryData(doctorKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: doctorKeys.dashboard });
    },
  });
}

/** Sends the identity or CRM document; progress goes to `onProgress` (0–100). */
export function useUploadDocument() {
  return useProfileMutation(
    ({ kind, file, onProgress }: { kind: DocumentKind; file: File; onProgress: (p: number) => void }) =>
      api.upload<DoctorProfile>(`/api/doctor/documents/${kind}`, file, onProgress),
    DOCTORS_TEXT.toasts.documentFailed,
  );
}

export function useUploadPhoto() {
  return useProfileMutation(
    ({ file, onProgress }: { file: File; onProgress: (p: number) => void }) =>
      api.upload<DoctorProfile>('/api/doctor/photo', file, onProgress),
    DOCTORS_TEXT.toasts.photoFailed,
  );
}

export function useRemovePhoto() {
  return useProfileMutation(
    () => api.delete<DoctorProfile>('/api/doctor/photo'),
    DOCTORS_TEXT.toasts.photoFailed,
  );
}
