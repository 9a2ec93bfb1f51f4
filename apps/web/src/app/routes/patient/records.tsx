import { SECTIONS } from '@/config/sections';
import { PatientDocumentsList } from '@/features/clinical-documents';
import { HealthSpacePage } from '@/features/health-space';

export function Component() {
  return (
    <HealthSpacePage
      section={SECTIONS.patient.records}
      slots={{ documents: (id) => <PatientDocumentsList appointmentId={id} /> }}
    />
  );
}
