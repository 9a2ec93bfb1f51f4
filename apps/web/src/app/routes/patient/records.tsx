import { SECTIONS } from '@/config/sections';
import { PatientDocumentsList } from '@/features/clinical-documents';
import { HealthSpacePage } from '@/features/health-space';
import { SignedRecordView } from '@/features/records';

export function Component() {
  return (
    <HealthSpacePage
      section={SECTIONS.patient.records}
      slots={{
        record: (id) => <SignedRecordView appointmentId={id} />,
        documents: (id) => <PatientDocumentsList appointmentId={id} />,
      }}
    />
  );
}
