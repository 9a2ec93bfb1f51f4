import { PatientDashboard } from '@/features/appointments/components/patient-dashboard';

export function Component() {
  return <PatientDashboard />;
}
