import { usePatientDocuments } from '../api/documents';
import { DOCUMENTS_TEXT as T } from '../texts';
import { DocumentRow } from './document-row';

/**
 * The documents of one of the signed-in patient's consultations, each ready to download; nothing
 * when there are none. Every consultation of the health space shares one request for the list.
 */
export function PatientDocumentsList({ appointmentId }: { appointmentId: string }) {
  const documents = usePatientDocuments();
  const group = documents.data?.consultations.find((c) => c.appointmentId === appointmentId);
  if (!group || group.documents.length === 0) return null;
  return (
    <section className="space-y-2" data-testid="patient-documents">
      <h3 className="font-medium text-sm">{T.patient.title}</h3>
      <ul className="space-y-2">
        {group.documents.map((document) => (
          <DocumentRow key={document.id} document={document} />
        ))}
      </ul>
    </section>
  );
}
