import type { DocumentKind } from '@pulsa/shared/constants/statuses';
import { formatDate } from '@pulsa/shared/format/date';
import type { DoctorDocument } from '@pulsa/shared/schemas/doctors';
import { CheckCircle2, Download, ExternalLink, XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { useDecideDocument } from '../api/decide';
import { VERIFICATION_TEXT } from '../texts';
import { RejectDialog } from './reject-dialog';

const T = VERIFICATION_TEXT.detail;
const TONE = { pending: 'warning', verified: 'success', rejected: 'danger' } as const;

/** The file itself, inline: an image, or the browser's PDF viewer in a frame of this site. */
function DocumentViewer({ doc, title }: { doc: DoctorDocument; title: string }) {
  if (doc.mimeType === 'application/pdf') {
    return (
      <iframe
        src={doc.url}
        title={title}
        className="h-[28rem] w-full rounded-md border border-border bg-muted"
        data-testid={`viewer-${doc.kind}`}
      />
    );
  }
  return (
    <img
      src={doc.url}
      alt={title}
      className="max-h-[28rem] w-full rounded-md border border-border bg-muted object-contain"
      data-testid={`viewer-${doc.kind}`}
    />
  );
}

/** One document kind: the current file inline with verify/reject, and the earlier sends. */
export function DocumentReview({
  kind,
  current,
  previous,
}: {
  kind: DocumentKind;
  current: DoctorDocument | null;
  previous: DoctorDocument[];
}) {
  const decide = useDecideDocument();
  const [rejecting, setRejecting] = useState(false);
  const title = T.subjects[kind];
  const busy = decide.isPending;
  const act = (status: 'verified' | 'rejected', reason?: string) =>
    current &&
    decide.mutate(
      { documentId: current.id, status, reason },
      {
        onSuccess: () => {
          setRejecting(false);
          toast.success(T.documentToast[status]);
        },
      },
    );

  return (
    <Card role="region" aria-label={title} data-testid={`review-${kind}`}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3">
        <h3 className="font-semibold">{title}</h3>
        {current ? (
          <Badge tone={TONE[current.status]}>{T.documentStatus[current.status]}</Badge>
        ) : (
          <Badge tone="neutral">{T.noDocument}</Badge>
        )}
      </CardHeader>
      <CardContent className="space-y-3">
        {current ? (
          <>
            <DocumentViewer doc={current} title={`${title}: ${current.fileName}`} />
            <p className="break-all text-muted-foreground text-sm">
              {current.fileName} · {formatDate(current.createdAt)}
            </p>
            {current.status === 'rejected' && current.rejectionReason ? (
              <p className="rounded-md bg-destructive/10 p-3 text-destructive-text text-sm">
                <span className="font-medium">{T.reason}:</span> {current.rejectionReason}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => act('verified')} disabled={busy || current.status === 'verified'}>
                <CheckCircle2 aria-hidden />
                {T.verify}
              </Button>
              <Button
                variant="destructive"
                onClick={() => setRejecting(true)}
                disabled={busy || current.status === 'rejected'}
              >
                <XCircle aria-hidden />
                {T.reject}
              </Button>
              <Button variant="ghost" asChild>
                <a href={current.url} target="_blank" rel="noopener">
                  <ExternalLink aria-hidden />
                  {T.open}
                </a>
              </Button>
              <Button variant="ghost" asChild>
                <a href={`${current.url}?download=1`}>
                  <Download aria-hidden />
                  {T.download}
                </a>
              </Button>
            </div>
          </>
        ) : null}
        {previous.length ? (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">
              {T.previous} ({previous.length})
            </summary>
            <ul className="mt-2 space-y-1">
              {previous.map((doc) => (
                <li key={doc.id} className="flex flex-wrap items-center gap-2">
                  <a
                    href={doc.url}
                    target="_blank"
                    rel="noopener"
                    className="break-all text-primary hover:underline"
                  >
                    {doc.fileName}
                  </a>
                  <span className="text-muted-foreground">{formatDate(doc.createdAt)}</span>
                  <Badge tone={TONE[doc.status]}>{T.documentStatus[doc.status]}</Badge>
                  {doc.rejectionReason ? (
                    <span className="text-muted-foreground">— {doc.rejectionReason}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </details>
        ) : null}
      </CardContent>
      <RejectDialog
        open={rejecting}
        title={VERIFICATION_TEXT.rejectDialog.documentTitle[kind]}
        busy={busy}
        onCancel={() => setRejecting(false)}
        onConfirm={(reason) => act('rejected', reason)}
      />
    </Card>
  );
}
