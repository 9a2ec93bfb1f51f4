import type { AdminDoctorDetail } from '@pulsa/shared/schemas/doctors';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { VERIFICATION_TEXT } from '../texts';
import { adminDoctorKeys } from './get-admin-doctors';

export function useAdminDoctor(doctorId: string) {
  return useQuery({
    queryKey: adminDoctorKeys.detail(doctorId),
    queryFn: ({ signal }) => api.get<AdminDoctorDetail>(`/api/admin/doctors/${doctorId}`, { signal }),
    meta: { errorTitle: VERIFICATION_TEXT.detail.loadError },
  });
}
