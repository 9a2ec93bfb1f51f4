import type { AppointmentDto, DOCTOR_REQUEST_FILTERS } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { type TableState, toPageQuery } from '@/lib/table-state';
import { APPOINTMENTS_TEXT } from '../texts';
import { addDays, calendarDateIn } from '../when';
import { appointmentKeys } from './appointment-keys';

export type DoctorRequestFilter = (typeof DOCTOR_REQUEST_FILTERS)[number];

const PATH = '/api/doctor/appointments';

/** One page of the doctor's requests with the spec's filter. */
export function useDoctorAppointments(filter: DoctorRequestFilter, state: TableState) {
  const query = { ...toPageQuery(state), filter };
  return useQuery({
    queryKey: [...appointmentKeys.doctorList, query] as const,
    queryFn: ({ signal }) => api.get<PageResult<AppointmentDto>>(withQuery(PATH, query), { signal }),
    placeholderData: keepPreviousData,
    meta: { errorTitle: APPOINTMENTS_TEXT.doctor.loadError },
  });
}

const WEEK_STATUSES: readonly AppointmentDto['status'][] = ['confirmed', 'in_progress', 'completed'];
const PAGE_SIZE = 50;
/** Enough pages for any real agenda; the list is newest first, so the week is reached early. */
const MAX_PAGES = 20;

/**
 * The doctor's confirmed consultations of the week starting on `sunday` (viewer's calendar). The
 * accepted list comes newest first, so pages are read until one reaches back before the week.
 */
export function useDoctorWeek(sunday: string, zone: string) {
  const saturday = addDays(sunday, 6);
  return useQuery({
    queryKey: [...appointmentKeys.doctorWeek(sunday), zone] as const,
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
        const last = result.items.at(-1);
        if (!last || page >= result.pageCount || calendarDateIn(last.startsAt, zone) < sunday) break;
      }
      return found.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
    },
    meta: { errorTitle: APPOINTMENTS_TEXT.doctor.loadError },
  });
}
