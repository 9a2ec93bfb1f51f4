import type { AdminPatient } from '@pulsa/shared/schemas/patients';
import { pagedQueryOptions, usePagedQuery } from '@/lib/paged-query';
import type { TableState } from '@/lib/table-state';

const PATH = '/api/admin/patients';
export const adminPatientKeys = { all: ['admin', 'patients'] as const };

export const adminPatientsQueryOptions = (state: TableState) =>
  pagedQueryOptions<AdminPatient>(adminPatientKeys.all, PATH, state);

export function useAdminPatients(state: TableState) {
  return usePagedQuery<AdminPatient>(adminPatientKeys.all, PATH, state);
}
