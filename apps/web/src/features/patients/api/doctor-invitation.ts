import type { DoctorInvitation, InvitationAnswer } from '@pulsa/shared/schemas/patients';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { INVITATION_TEXT } from '../invitation-texts';

const INVITATIONS_PATH = '/api/patient/doctor-invitations';

/** Who invites: asked once per link (the token goes in the body, never in an API address). */
export function useDoctorInvitation(token: string | null) {
  return useQuery({
    queryKey: ['patient', 'doctor-invitation', token],
    queryFn: () => api.post<DoctorInvitation>(`${INVITATIONS_PATH}/view`, { token }),
    enabled: !!token,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** Accept or decline; either spends the single-use link. */
export function useAnswerInvitation() {
  return useMutation({
    mutationFn: ({ token, accept }: { token: string; accept: boolean }) =>
      api.post<InvitationAnswer>(`${INVITATIONS_PATH}/${accept ? 'accept' : 'decline'}`, { token }),
    meta: { error: { title: INVITATION_TEXT.errorTitle } },
  });
}
