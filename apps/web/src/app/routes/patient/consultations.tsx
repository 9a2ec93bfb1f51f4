import { SECTIONS } from '@/config/sections';
import { PatientConsultationsPage } from '@/features/appointments/components/patient-consultations-page';
import { PatientDocumentsList } from '@/features/clinical-documents';

export function Component() {
  return (
    <>
      <PatientConsultationsPage section={SECTIONS.patient.consultations} />
      {/* The documents of every consultation, until the health space (/patient/records) holds them. */}
      <div className="mt-6">
        <PatientDocumentsList />
      </div>
    </>
  );
}
