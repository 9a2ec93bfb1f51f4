import type { SlotDays } from '@pulsa/shared/schemas/agenda';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { addDays, calendarDateIn } from '@/lib/zoned-time';
import { BOOKING_TEXT } from '../texts';
import { bookingKeys, doctorSlotsPath } from './booking-keys';

/** The most days the slot endpoint answers at once. */
const MAX_DAYS = 62;

/**
 * The doctor's answer is by the doctor's calendar, the week by the patient's: a day more on each
 * side covers any difference between the two zones.
 */
const fetchSlots = (doctorId: string, from: string, days: number, signal: AbortSignal) =>
  api.get<SlotDays>(withQuery(doctorSlotsPath(doctorId), { from, days }), { signal });

/** The free slots of the week that starts on `sunday` (the patient's calendar). */
export function useWeekSlots(doctorId: string | null, sunday: string) {
  return useQuery({
    queryKey: bookingKeys.week(doctorId ?? '', sunday),
    queryFn: ({ signal }) => fetchSlots(doctorId ?? '', addDays(sunday, -1), 9, signal),
    enabled: !!doctorId,
    placeholderData: keepPreviousData,
    // Someone else may book any of them at any moment.
    staleTime: 30_000,
    meta: { errorTitle: BOOKING_TEXT.week.loadError },
  });
}

/**
 * Whether the doctor offers any slot after the week that starts on `sunday`: past the doctor's
 * horizon the endpoint answers empty days, and "Próxima semana" stops there.
 */
export function useHasLaterSlots(doctorId: string | null, sunday: string, viewerZone: string) {
  const nextSunday = addDays(sunday, 7);
  return useQuery({
    queryKey: bookingKeys.later(doctorId ?? '', sunday),
    queryFn: ({ signal }) => fetchSlots(doctorId ?? '', addDays(nextSunday, -1), MAX_DAYS, signal),
    enabled: !!doctorId,
    select: (answer) =>
      answer.days.some((d) => d.slots.some((s) => calendarDateIn(s.start, viewerZone) >= nextSunday)),
    staleTime: 60_000,
  });
}
