import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { type TableState, toPageQuery } from '@/lib/table-state';
import { APPOINTMENTS_TEXT } from '../texts';
import { appointmentKeys } from './keys';
import { staleUntilNextChange, useRefetchAtNextChange } from './refetch-at-next-change';

export type PatientScope = 'upcoming' | 'past';

/** One page of the patient's own consultations: upcoming (soonest first) or past (newest first). */
export function usePatientAppointments(scope: PatientScope, state: TableState) {
  const query = { ...toPageQuery(state), scope };
  const result = useQuery({
    queryKey: [...appointmentKeys.patientLists, query] as const,
    queryFn: ({ signal }) =>
      api.get<PageResult<AppointmentDto>>(withQuery('/api/patient/appointments', query), { signal }),
    placeholderData: keepPreviousData,
    staleTime: staleUntilNextChange((page: PageResult<AppointmentDto>) => page.items),
    meta: { errorTitle: APPOINTMENTS_TEXT.patient.loadError },
  });
  useRefetchAtNextChange(result, (page) => page.items);
  return result;
}
