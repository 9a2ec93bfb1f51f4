import { SECTIONS } from '@/config/sections';
import { PatientPaymentsPage } from '@/features/appointments/components/patient-payments-page';

export function Component() {
  return <PatientPaymentsPage section={SECTIONS.patient.payments} />;
}
