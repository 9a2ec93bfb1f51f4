import type { DoctorProfile, DoctorProfileInput } from '@pulsa/shared/schemas/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { api } from '@/lib/api-client';
import { DOCTORS_TEXT } from '../texts';
import { doctorKeys } from './get-my-profile';

/** Saves the profile; a refusal shows its toast and puts each field message under its field. */
export function useSaveProfile<T extends FieldValues>(setError?: UseFormSetError<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DoctorProfileInput) =>
      api.put<{ profile: DoctorProfile; backToReview: boolean }>('/api/doctor/profile', input),
    meta: {
      error: {
        title: DOCTORS_TEXT.toasts.saveFailed,
        setError: setError as UseFormSetError<FieldValues> | undefined,
      },
    },
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(doctorKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: doctorKeys.dashboard });
    },
  });
}
