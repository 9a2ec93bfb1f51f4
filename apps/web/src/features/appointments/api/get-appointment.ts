import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { type Query, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys, appointmentPath } from './keys';
import { staleUntilNextChange, useRefetchAtNextChange } from './refetch-at-next-change';

/**
 * One appointment as its patient, its doctor or an admin sees it (with this viewer's `actions`),
 * read again when the clock changes what it allows and whenever it changes (a mutation, a live
 * event). `initialData` is the appointment as a list already showed it: no request on opening.
 */
export function useAppointment(
  id: string | undefined,
  options: {
    initialData?: AppointmentDto;
    /** The checkout reads it again every few seconds while its payment is pending. */
    refetchInterval?: (query: Query<AppointmentDto, Error>) => number | false;
    errorTitle?: string;
    staleTime?: number;
  } = {},
) {
  const query = useQuery({
    queryKey: appointmentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<AppointmentDto>(appointmentPath(id ?? ''), { signal }),
    enabled: !!id,
    initialData: options.initialData?.id === id ? options.initialData : undefined,
    // Only what the caller sets: an option given as undefined would override the client's default.
    ...(options.refetchInterval ? { refetchInterval: options.refetchInterval } : {}),
    staleTime: options.staleTime ?? staleUntilNextChange((appointment: AppointmentDto) => [appointment]),
    meta: { errorTitle: options.errorTitle ?? APPOINTMENTS_TEXT.details.loadError },
  });
  useRefetchAtNextChange(query, (appointment) => [appointment]);
  return query;
}
