import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { DOCUMENT_KINDS, type DocumentKind } from '@pulsa/shared/constants/statuses';
import { formatDate } from '@pulsa/shared/format/date';
import type { DoctorDocument, DoctorProfile } from '@pulsa/shared/schemas/doctors';
import { CheckCircle2, Clock, ExternalLink, FileUp, XCircle } from 'lucide-react';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUploadDocument } from '../api/upload-files';
import { DOCTORS_TEXT } from '../texts';
import { UploadProgress, useFilePicker } from './upload-progress';

const T = DOCTORS_TEXT.documents;

function stateOf(doc: DoctorDocument | null) {
  if (!doc) return { label: T.states.none, tone: 'neutral' as const, icon: FileUp };
  if (doc.status === 'pending') return { label: T.states.pending, tone: 'warning' as const, icon: Clock };
  if (doc.status === 'verified')
    return { label: T.states.verified, tone: 'success' as const, icon: CheckCircle2 };
  return { label: T.states.rejected, tone: 'danger' as const, icon: XCircle };
}

function DocumentCard({
  kind,
  doc,
  disabled,
}: {
  kind: DocumentKind;
  doc: DoctorDocument | null;
  disabled: boolean;
}) {
  const upload = useUploadDocument();
  const [progress, setProgress] = useState<number | null>(null);
  const state = stateOf(doc);
  // Spec: upload allowed unless verified or pending.
  const canUpload = !disabled && (!doc || doc.status === 'rejected');
  const inputRef = useRef<HTMLInputElement>(null);
  const pick = useFilePicker({
    maxBytes: UPLOAD_MAX_BYTES,
    accept: ['image/jpeg', 'image/png', 'application/pdf'],
    onFile: async (file) => {
      setProgress(0);
      const profile = await upload.mutateAsync({ kind, file, onProgress: setProgress }).catch(() => null);
      setProgress(null);
      if (profile)
        toast.success(DOCTORS_TEXT.toasts.documentSent, {
          description: DOCTORS_TEXT.toasts.documentSentDescription,
        });
    },
    errorTitle: DOCTORS_TEXT.toasts.documentFailed,
  });
  const Icon = state.icon;
  const titleId = `document-${kind}`;

  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col">
      <CardHeader className="pb-3">
        <div className="flex items-start justify-between gap-3">
          <div className="space-y-1">
            <h3 id={titleId} className="font-semibold leading-tight">
              {T.kinds[kind].title}
            </h3>
            <p className="text-muted-foreground text-sm">{T.kinds[kind].hint}</p>
          </div>
          <Badge tone={state.tone} data-testid={`document-state-${kind}`}>
            <Icon aria-hidden />
            {state.label}
          </Badge>
        </div>
      </CardHeader>
      <CardContent className="mt-auto space-y-3">
        {doc ? (
          <p className="text-muted-foreground text-sm">
            <span className="break-all font-medium text-foreground">{doc.fileName}</span> ·{' '}
            {T.sentOn(formatDate(doc.createdAt))}
          </p>
        ) : null}
        {doc?.status === 'rejected' && doc.rejectionReason ? (
          <p role="note" className="rounded-md bg-destructive/10 p-3 text-destructive-text text-sm">
            <span className="font-medium">{T.reason}:</span> {doc.rejectionReason}
          </p>
        ) : null}
        {progress !== null ? <UploadProgress percent={progress} label={T.sending(progress)} /> : null}
        <div className="flex flex-wrap gap-2">
          {canUpload ? (
            <>
              <input
                ref={inputRef}
                type="file"
                accept="image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf"
                className="sr-only"
                tabIndex={-1}
                aria-label={`${T.kinds[kind].title}: ${doc ? T.resend : T.send}`}
                data-testid={`document-input-${kind}`}
                onChange={pick}
              />
              <Button
                variant={doc ? 'default' : 'outline'}
                loading={upload.isPending}
                onClick={() => inputRef.current?.click()}
              >
                {upload.isPending ? null : <FileUp aria-hidden />}
                {doc ? T.resend : T.send}
              </Button>
            </>
          ) : null}
          {doc ? (
            <Button variant="ghost" asChild>
              <a href={doc.url} target="_blank" rel="noopener">
                <ExternalLink aria-hidden />
                {T.view}
              </a>
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

/** The two verification documents with the spec's states; files go up with visible progress. */
export function DocumentsSection({ profile }: { profile: DoctorProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!profile.isComplete ? (
          <p role="note" className="rounded-md bg-muted p-3 text-sm">
            {T.completeFirst}
          </p>
        ) : null}
        <div className="grid gap-4 lg:grid-cols-2">
          {DOCUMENT_KINDS.map((kind) => (
            <DocumentCard
              key={kind}
              kind={kind}
              doc={profile.documents[kind]}
              disabled={!profile.isComplete}
            />
          ))}
        </div>
      </CardContent>
    </Card>
  );
}
