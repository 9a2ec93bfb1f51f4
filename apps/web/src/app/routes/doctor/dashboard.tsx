import { DoctorDashboardPage } from '@/features/doctors/components/doctor-dashboard';

export function Component() {
  return <DoctorDashboardPage />;
}
