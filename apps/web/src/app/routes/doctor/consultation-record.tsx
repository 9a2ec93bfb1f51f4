import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ConsultationDocumentsPanel } from '@/features/clinical-documents';
import { RECORD_TEXT, RecordPanel } from '@/features/records';

/** /doctor/consultations/:id/record — the record of one consultation and its documents, after the call. */
export function Component() {
  const { id = '' } = useParams();
  return (
    <div className="space-y-4">
      <PageHeader
        title={RECORD_TEXT.page.title}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={paths.consultation.href(id)}>{RECORD_TEXT.page.room}</Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to={paths.doctor.appointments.href()}>{RECORD_TEXT.page.back}</Link>
            </Button>
          </div>
        }
      />
      <div className="max-w-3xl space-y-4">
        <RecordPanel key={id} appointmentId={id} />
        {/* The documents issued from this consultation, beside its record. */}
        <ConsultationDocumentsPanel key={`documents-${id}`} appointmentId={id} />
      </div>
    </div>
  );
}
