import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api-client';
import { viewerTimeZone } from '@/lib/zoned-time';
import { patientRecordQuery } from '../api/records';
import { RECORD_TEXT } from '../texts';
import { AddendaView, RecordContentView, RecordHeaderView, whenIn } from './record-parts';

/** The patient's own signed record of a consultation, read-only (each view is logged as their own read). */
export function SignedRecordView({ appointmentId }: { appointmentId: string }) {
  const record = useQuery(patientRecordQuery(appointmentId));
  const [zone] = useState(viewerTimeZone);
  if (record.isPending) return <Skeleton className="h-48 w-full" />;
  if (record.isError)
    return (
      <p className="rounded-lg bg-muted px-3 py-2 text-sm">
        {record.error instanceof ApiError && record.error.status === 404
          ? RECORD_TEXT.view.unavailable
          : RECORD_TEXT.loadError}
      </p>
    );
  const r = record.data;
  return (
    <article className="space-y-4" aria-label={RECORD_TEXT.view.title} data-testid="signed-record">
      <RecordHeaderView header={r.header} zone={zone} signed />
      {r.signedAt ? (
        <p className="text-muted-foreground text-sm">{RECORD_TEXT.sign.signedAt(whenIn(r.signedAt, zone))}</p>
      ) : null}
      <RecordContentView content={r.content} diagnoses={r.diagnoses} />
      <AddendaView addenda={r.addenda} zone={zone} />
    </article>
  );
}
