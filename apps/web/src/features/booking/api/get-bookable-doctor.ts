import type { BookableDoctor } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '@/features/appointments';
import { api, withQuery } from '@/lib/api-client';
import { BOOKING_TEXT } from '../texts';
import { BOOKING_DOCTORS_PATH } from './get-bookable-doctors';

/** The largest page the search answers; a lookup reads the list in pages this size. */
const LOOKUP_PAGE_SIZE = 50;

/** The doctor as an already loaded page of the list shows them, with when that page was loaded. */
function fromLoadedLists(queryClient: QueryClient, doctorId: string) {
  for (const query of queryClient
    .getQueryCache()
    .findAll({ queryKey: appointmentKeys.bookableDoctorLists })) {
    const page = query.state.data as PageResult<BookableDoctor> | undefined;
    const doctor = page?.items.find((d) => d.id === doctorId);
    if (doctor) return { doctor, updatedAt: query.state.dataUpdatedAt };
  }
  return undefined;
}

/**
 * Reads the search by name until the doctor turns up (a link from a public page names only the
 * doctor's id). Null when no listed doctor has that id.
 */
async function lookUp(doctorId: string, signal: AbortSignal): Promise<BookableDoctor | null> {
  for (let page = 1; ; page++) {
    const answer = await api.get<PageResult<BookableDoctor>>(
      withQuery(BOOKING_DOCTORS_PATH, { sort: 'name', page, pageSize: LOOKUP_PAGE_SIZE }),
      { signal },
    );
    const found = answer.items.find((d) => d.id === doctorId);
    if (found) return found;
    if (page >= answer.pageCount) return null;
  }
}

/** The chosen doctor: from the list on screen when it holds them, otherwise looked up once. */
export function useBookableDoctor(doctorId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: appointmentKeys.bookableDoctor(doctorId ?? ''),
    queryFn: ({ signal }) => lookUp(doctorId ?? '', signal),
    enabled: !!doctorId,
    initialData: () => (doctorId ? fromLoadedLists(queryClient, doctorId)?.doctor : undefined),
    initialDataUpdatedAt: () => (doctorId ? fromLoadedLists(queryClient, doctorId)?.updatedAt : undefined),
    // Name, price and length change rarely; the slots come from their own query.
    staleTime: 5 * 60_000,
    meta: { errorTitle: BOOKING_TEXT.week.loadError },
  });
}
