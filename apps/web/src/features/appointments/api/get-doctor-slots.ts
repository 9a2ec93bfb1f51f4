import type { SlotDays } from '@pulsa/shared/schemas/agenda';
import { useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys } from './appointment-keys';

export const SLOT_DAYS = 7;

/** A doctor's free slots for seven days from `from` (the doctor's calendar). */
export function useDoctorSlots(doctorId: string | undefined, from: string) {
  return useQuery({
    queryKey: appointmentKeys.slots(doctorId ?? '', from),
    queryFn: ({ signal }) =>
      api.get<SlotDays>(
        withQuery(`/api/doctors/${encodeURIComponent(doctorId ?? '')}/slots`, { from, days: SLOT_DAYS }),
        { signal },
      ),
    enabled: !!doctorId,
    // Someone else may book any of them at any moment.
    staleTime: 30_000,
    meta: { errorTitle: APPOINTMENTS_TEXT.reschedule.loadError },
  });
}
