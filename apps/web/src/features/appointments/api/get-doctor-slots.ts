import type { SlotDays } from '@pulsa/shared/schemas/agenda';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { addDays, calendarDateIn } from '@/lib/zoned-time';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys, doctorSlotsPath } from './keys';

/** The most days the slot endpoint answers at once. */
const MAX_DAYS = 62;

/**
 * The one query of a doctor's free slots: `days` days from `from` (the doctor's calendar). Booking,
 * rescheduling and "any later slot" all read it, so a booking or a cancellation anywhere refreshes
 * every view of that doctor's slots at once.
 */
function doctorSlotsQueryOptions(doctorId: string, from: string, days: number) {
  return queryOptions({
    queryKey: appointmentKeys.slotRange(doctorId, from, days),
    queryFn: ({ signal }) =>
      api.get<SlotDays>(withQuery(doctorSlotsPath(doctorId), { from, days }), { signal }),
    enabled: !!doctorId,
    // Someone else may book any of them at any moment.
    staleTime: 30_000,
  });
}

/**
 * The free slots of the week that starts on `sunday` (the viewer's calendar). The doctor's answer
 * is by the doctor's calendar: a day more on each side covers any difference between the two zones.
 */
export function useWeekSlots(doctorId: string | undefined, sunday: string) {
  return useQuery({
    ...doctorSlotsQueryOptions(doctorId ?? '', addDays(sunday, -1), 9),
    placeholderData: keepPreviousData,
    meta: { errorTitle: APPOINTMENTS_TEXT.slots.loadError },
  });
}

/**
 * Whether the doctor offers any slot after the week that starts on `sunday`: past the doctor's
 * horizon the endpoint answers empty days, and "Próxima semana" stops there.
 */
export function useHasLaterSlots(doctorId: string | undefined, sunday: string, viewerZone: string) {
  const nextSunday = addDays(sunday, 7);
  return useQuery({
    ...doctorSlotsQueryOptions(doctorId ?? '', addDays(nextSunday, -1), MAX_DAYS),
    select: (answer: SlotDays) =>
      answer.days.some((d) => d.slots.some((s) => calendarDateIn(s.start, viewerZone) >= nextSunday)),
    staleTime: 60_000,
  });
}
