import type { DoctorDashboard } from '@pulsa/shared/schemas/doctors';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { doctorKeys } from './get-my-profile';

export function useDoctorDashboard(enabled: boolean) {
  return useQuery({
    queryKey: doctorKeys.dashboard,
    queryFn: ({ signal }) => api.get<DoctorDashboard>('/api/doctor/dashboard', { signal }),
    enabled,
  });
}
