import type { DoctorPatient } from '@pulsa/shared/schemas/patients';
import { useQuery } from '@tanstack/react-query';
import { pagedQueryOptions } from '@/lib/paged-query';
import type { TableState } from '@/lib/table-state';
import { DOCTOR_PATIENTS_TEXT } from '../doctor-texts';

export const DOCTOR_PATIENTS_PATH = '/api/doctors/me/patients';
export const doctorPatientKeys = { all: ['doctor', 'patients'] as const };

export function useDoctorPatients(state: TableState) {
  return useQuery({
    ...pagedQueryOptions<DoctorPatient>(doctorPatientKeys.all, DOCTOR_PATIENTS_PATH, state),
    meta: { errorTitle: DOCTOR_PATIENTS_TEXT.loadError },
  });
}
