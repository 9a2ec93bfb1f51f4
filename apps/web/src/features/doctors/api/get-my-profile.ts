import type { DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const doctorKeys = {
  profile: ['doctor', 'profile'] as const,
  dashboard: ['doctor', 'dashboard'] as const,
  specialties: ['doctor', 'specialty-options'] as const,
};

export const myProfileQueryOptions = queryOptions({
  queryKey: doctorKeys.profile,
  queryFn: ({ signal }) => api.get<DoctorProfile>('/api/doctor/profile', { signal }),
});

export function useMyProfile() {
  return useQuery(myProfileQueryOptions);
}
