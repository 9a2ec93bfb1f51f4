import { DOCTOR_MESSAGES, type DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth';
import { doctorKeys } from './get-my-profile';

/** The doctor's name: changed at once before approval, a request for the team afterwards. */
export function useChangeName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fullName: string) =>
      api.put<{ profile: DoctorProfile; requested: boolean }>('/api/doctor/name', { fullName }),
    meta: { error: { title: DOCTOR_MESSAGES.nameSaveFailed } },
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(doctorKeys.profile, profile);
      void queryClient.invalidateQueries({ queryKey: doctorKeys.dashboard });
      // The name in the header and menus comes from the session.
      void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}
