import { SECTIONS } from '@/config/sections';
import { PatientConsultationsPage } from '@/features/appointments/components/patient-consultations-page';

export function Component() {
  return <PatientConsultationsPage section={SECTIONS.patient.consultations} />;
}
