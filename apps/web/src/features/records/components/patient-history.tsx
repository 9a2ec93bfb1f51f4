import { useQuery } from '@tanstack/react-query';
import { FileText, History } from 'lucide-react';
import { useState } from 'react';
import { ListLoadError } from '@/components/layout/list-states';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { dateIn } from '@/lib/zoned-time';
import { historyQuery } from '../api/records';
import { RECORD_TEXT } from '../texts';
import { AddendaView, RecordContentView } from './record-parts';

const T = RECORD_TEXT.history;

/**
 * The patient's earlier records and files, opened on demand (each item read is logged for the
 * patient to see): this doctor's own, and other doctors' while the patient shares them.
 */
export function PatientHistoryPanel({ appointmentId, zone }: { appointmentId: string; zone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <section className="space-y-3 border-t pt-4">
      <Button variant="outline" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        <History aria-hidden />
        {open ? T.close : T.open}
      </Button>
      {open ? <HistoryList appointmentId={appointmentId} zone={zone} /> : null}
    </section>
  );
}

function HistoryList({ appointmentId, zone }: { appointmentId: string; zone: string }) {
  const history = useQuery(historyQuery(appointmentId));
  if (history.isPending) return <Skeleton className="h-32 w-full" />;
  if (history.isError || !history.data)
    return (
      <ListLoadError
        message={T.loadError}
        actionLabel={RECORD_TEXT.retry}
        onRetry={() => void history.refetch()}
      />
    );
  const { records, files, sharedWithMe } = history.data;
  return (
    <div className="space-y-4" data-testid="patient-history">
      <h3 className="font-semibold">{T.title}</h3>
      <p className="text-muted-foreground text-sm">{sharedWithMe ? T.shared : T.notShared}</p>
      {records.length === 0 ? (
        <p className="text-sm">{T.empty}</p>
      ) : (
        <ol className="space-y-3">
          {records.map((r) => (
            <li key={r.recordId} className="space-y-2 rounded-lg border p-3">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-2 text-sm">
                  <span className="font-medium">{dateIn(r.consultationAt, zone)}</span>
                  <Badge tone={r.status === 'signed' ? 'success' : 'warning'}>
                    {r.status === 'signed' ? T.signed : T.draft}
                  </Badge>
                  {r.own ? null : <span className="text-muted-foreground">{T.byOther(r.doctorName)}</span>}
                  {r.diagnoses.length ? (
                    <span className="text-muted-foreground">
                      {r.diagnoses.map((d) => d.display).join(', ')}
                    </span>
                  ) : null}
                </summary>
                <div className="mt-3 space-y-3">
                  <RecordContentView content={r.content} diagnoses={r.diagnoses} />
                  {r.addenda.length ? <AddendaView addenda={r.addenda} zone={zone} /> : null}
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
      <h3 className="font-semibold">{T.files}</h3>
      {files.length === 0 ? (
        <p className="text-sm">{T.noFiles}</p>
      ) : (
        <ul className="space-y-1 text-sm">
          {files.map((f) => (
            <li key={f.messageId} className="flex items-center gap-2">
              <FileText aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              <a
                className="break-all underline underline-offset-2"
                href={`/api/consultations/${encodeURIComponent(f.appointmentId)}/messages/${encodeURIComponent(f.messageId)}/file`}
                target="_blank"
                rel="noreferrer"
              >
                {f.fileName}
              </a>
              <span className="text-muted-foreground">{dateIn(f.sharedAt, zone)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
