import { formatDate, formatTime } from '@pulsa/shared/format/date';
import { MESSAGE_REPORT_REASON_LABEL, type MessageReportSummary } from '@pulsa/shared/schemas/messages';
import { useState } from 'react';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { useMessageReport, useMessageReports, useResolveReport } from '../api';
import { MESSAGES_UI } from '../texts';

const T = MESSAGES_UI.admin;
const when = (at: string) => `${formatDate(at)} ${formatTime(at)}`;

/**
 * "Mensagens denunciadas": the reports, without any message text; opening one reads the reported
 * message with its surroundings (the server records that reading in the patient's access log).
 */
export function AdminMessageReportsPage() {
  const query = useMessageReports();
  const [openId, setOpenId] = useState<string | null>(null);
  const items = query.data ?? [];
  return (
    <div className="space-y-4">
      <PageHeader title={T.title} description={T.description} />
      {query.data && items.length === 0 ? <p className="text-muted-foreground text-sm">{T.empty}</p> : null}
      <ul className="space-y-3">
        {items.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-3 rounded-xl border bg-card p-4">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-medium text-sm">{MESSAGE_REPORT_REASON_LABEL[r.reason]}</p>
              <p className="break-words text-muted-foreground text-xs">
                {T.between}: {r.patientName} ({T.patient}) · {r.doctorName} ({T.doctor})
              </p>
              <p className="text-muted-foreground text-xs">
                {T.reportedBy} {r.reporterName} ({r.reporterRole === 'patient' ? T.patient : T.doctor}) ·{' '}
                {when(r.createdAt)}
              </p>
            </div>
            <Badge tone={r.status === 'open' ? 'warning' : 'success'}>
              {r.status === 'open' ? T.pending : T.resolved}
            </Badge>
            <Button size="sm" variant="outline" onClick={() => setOpenId(r.id)}>
              {T.open}
            </Button>
          </li>
        ))}
      </ul>
      <ReportDetailDialog
        id={openId}
        summary={items.find((r) => r.id === openId)}
        onClose={() => setOpenId(null)}
      />
    </div>
  );
}

function ReportDetailDialog({
  id,
  summary,
  onClose,
}: {
  id: string | null;
  summary: MessageReportSummary | undefined;
  onClose: () => void;
}) {
  const detail = useMessageReport(id);
  const resolve = useResolveReport();
  const report = detail.data?.report ?? summary;
  return (
    <Dialog open={!!id} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{report ? MESSAGE_REPORT_REASON_LABEL[report.reason] : T.title}</DialogTitle>
          <DialogDescription>
            {report
              ? `${report.patientName} · ${report.doctorName}${report.details ? ` — “${report.details}”` : ''}`
              : ''}
          </DialogDescription>
        </DialogHeader>
        <h3 className="font-medium text-sm">{T.context}</h3>
        <ol className="space-y-2">
          {(detail.data?.context ?? []).map((m) => (
            <li
              key={m.id}
              className={cn(
                'rounded-lg border p-2 text-sm',
                m.reported && 'border-destructive bg-destructive/10',
              )}
            >
              <p className="text-muted-foreground text-xs">
                {m.senderName} · {when(m.createdAt)}
                {m.reported ? ` · ${T.reportedTag}` : ''}
              </p>
              {m.body ? <p className="whitespace-pre-wrap break-words">{m.body}</p> : null}
              {m.fileName ? <p className="text-xs">{MESSAGES_UI.file(m.fileName)}</p> : null}
            </li>
          ))}
        </ol>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {T.close}
          </Button>
          {report?.status === 'open' && id ? (
            <Button
              onClick={async () => {
                try {
                  await resolve.mutateAsync(id);
                  toast.success(T.resolveDone);
                  onClose();
                } catch {
                  // Told by the API client.
                }
              }}
              disabled={resolve.isPending}
            >
              {T.resolve}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
