import { DEFAULT_PAGE_SIZE } from '@pulsa/shared/constants/business';
import type { AppointmentDto, DOCTOR_REQUEST_FILTERS } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { type TableState, toPageQuery } from '@/lib/table-state';
import { APPOINTMENTS_TEXT } from '../texts';
import { addDays, calendarDateIn } from '../when';
import { appointmentKeys } from './keys';
import { staleUntilNextChange, useRefetchAtNextChange } from './refetch-at-next-change';

export type DoctorRequestFilter = (typeof DOCTOR_REQUEST_FILTERS)[number];

const PATH = '/api/doctor/appointments';

/** One page of the doctor's requests with the spec's filter, in the server's order. */
export function useDoctorAppointments(filter: DoctorRequestFilter, state: TableState) {
  const query = { ...toPageQuery(state), filter };
  const result = useQuery({
    queryKey: [...appointmentKeys.doctorLists, query] as const,
    queryFn: ({ signal }) => api.get<PageResult<AppointmentDto>>(withQuery(PATH, query), { signal }),
    placeholderData: keepPreviousData,
    staleTime: staleUntilNextChange((page: PageResult<AppointmentDto>) => page.items),
    meta: { errorTitle: APPOINTMENTS_TEXT.doctor.loadError },
  });
  useRefetchAtNextChange(result, (page) => page.items);
  return result;
}

/**
 * How many requests wait for the doctor's answer: the server's total of the "Pendentes" list. Its
 * first page is the one the page opens on (the same cache entry, so no second request), and it is
 * among the doctor's lists, so every change refreshes it.
 */
export function useDoctorPendingCount() {
  const query = { page: 1, pageSize: DEFAULT_PAGE_SIZE, filter: 'pending' as const };
  return useQuery({
    queryKey: [...appointmentKeys.doctorLists, query] as const,
    queryFn: ({ signal }) => api.get<PageResult<AppointmentDto>>(withQuery(PATH, query), { signal }),
    select: (page) => page.total,
    meta: { errorTitle: APPOINTMENTS_TEXT.doctor.loadError },
  });
}

const WEEK_STATUSES: readonly AppointmentDto['status'][] = ['confirmed', 'in_progress', 'completed'];
const PAGE_SIZE = 50;
/** Enough pages for any real agenda. */
const MAX_PAGES = 20;

/**
 * Whether a page of the accepted list has gone past the week from `sunday` to `saturday` (the
 * viewer's calendar), whichever way the server orders it: ascending, its last item is after the
 * week; descending, before it. Later pages can then hold nothing of the week.
 */
export function passedTheWeek(
  items: readonly Pick<AppointmentDto, 'startsAt'>[],
  sunday: string,
  saturday: string,
  zone: string,
): boolean {
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return true;
  const lastDay = calendarDateIn(last.startsAt, zone);
  const descending = Date.parse(first.startsAt) > Date.parse(last.startsAt);
  return descending ? lastDay < sunday : lastDay > saturday;
}

/**
 * The doctor's confirmed consultations of the week starting on `sunday` (viewer's calendar), read
 * from the accepted list page by page until a page has gone past the week; by time of day.
 */
export function useDoctorWeek(sunday: string, zone: string) {
  const saturday = addDays(sunday, 6);
  const result = useQuery({
    queryKey: appointmentKeys.doctorWeek(sunday, zone),
    queryFn: async ({ signal }) => {
      const found: AppointmentDto[] = [];
      for (let page = 1; page <= MAX_PAGES; page++) {
        const result = await api.get<PageResult<AppointmentDto>>(
          withQuery(PATH, { filter: 'accepted', page, pageSize: PAGE_SIZE }),
          { signal },
        );
        for (const a of result.items) {
          const day = calendarDateIn(a.startsAt, zone);
          if (day >= sunday && day <= saturday && WEEK_STATUSES.includes(a.status)) found.push(a);
        }
        if (page >= result.pageCount || passedTheWeek(result.items, sunday, saturday, zone)) break;
      }
      // An agenda reads by the clock, whatever order the list came in.
      return found.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    },
    staleTime: staleUntilNextChange((week: AppointmentDto[]) => week),
    meta: { errorTitle: APPOINTMENTS_TEXT.doctor.loadError },
  });
  useRefetchAtNextChange(result, (week) => week);
  return result;
}
