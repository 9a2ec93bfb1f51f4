import { SECTIONS } from '@/config/sections';
import { DoctorPatientsPage } from '@/features/patients/components/doctor-patients-page';

export function Component() {
  return <DoctorPatientsPage section={SECTIONS.doctor.patients} />;
}
