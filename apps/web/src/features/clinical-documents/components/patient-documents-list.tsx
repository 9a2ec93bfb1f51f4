import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePatientDocuments } from '../api/documents';
import { DOCUMENTS_TEXT as T } from '../texts';
import { DocumentRow, when } from './document-row';

/** The signed-in patient's documents, grouped by consultation, each ready to download. */
export function PatientDocumentsList() {
  const documents = usePatientDocuments();
  const groups = documents.data?.consultations ?? [];
  return (
    <Card data-testid="patient-documents">
      <CardHeader>
        <CardTitle>{T.patient.title}</CardTitle>
        <CardDescription>{T.patient.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {documents.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : groups.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.patient.none}</p>
        ) : (
          groups.map((group) => (
            <section
              key={group.appointmentId}
              className="space-y-2"
              aria-label={T.patient.consultation(when(group.startsAt), group.doctorName)}
            >
              <h3 className="font-medium text-sm">
                {T.patient.consultation(when(group.startsAt), group.doctorName)}
              </h3>
              <ul className="space-y-2">
                {group.documents.map((document) => (
                  <DocumentRow key={document.id} document={document} />
                ))}
              </ul>
            </section>
          ))
        )}
      </CardContent>
    </Card>
  );
}
