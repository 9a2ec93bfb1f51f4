import { SECTIONS } from '@/config/sections';
import { DoctorAppointmentsPage } from '@/features/appointments/components/doctor-appointments-page';

export function Component() {
  return <DoctorAppointmentsPage section={SECTIONS.doctor.appointments} />;
}
