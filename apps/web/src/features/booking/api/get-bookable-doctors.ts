import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { appointmentKeys } from '@/features/appointments';
import { api, withQuery } from '@/lib/api-client';
import { type BookingFilters, toSearchQuery } from '../search-state';
import { BOOKING_TEXT } from '../texts';

/** Where the search of doctors to book goes. */
export const BOOKING_DOCTORS_PATH = '/api/booking/doctors';

export function bookableDoctorsQueryOptions(filters: BookingFilters) {
  const query = toSearchQuery(filters);
  return queryOptions({
    queryKey: [...appointmentKeys.bookableDoctorLists, query] as const,
    queryFn: ({ signal }) =>
      api.get<PageResult<BookableDoctor>>(withQuery(BOOKING_DOCTORS_PATH, query), { signal }),
    meta: { errorTitle: BOOKING_TEXT.list.loadError },
    // The next free slots move with every booking: a minute-old list may offer a taken one.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** One page of doctors to book, each with their next free slots, for the filters in the address. */
export function useBookableDoctors(filters: BookingFilters) {
  return useQuery(bookableDoctorsQueryOptions(filters));
}
