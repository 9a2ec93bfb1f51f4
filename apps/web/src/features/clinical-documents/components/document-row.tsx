import { formatDate, formatTime } from '@pulsa/shared/format/date';
import { CLINICAL_DOCUMENT_LABEL, type ClinicalDocument } from '@pulsa/shared/schemas/clinical-documents';
import { Download, FileText } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button-variants';
import { documentPdfHref } from '../api/documents';
import { DOCUMENTS_TEXT as T } from '../texts';

export const when = (iso: string) => `${formatDate(iso)} às ${formatTime(iso)}`;

function signedBy(document: ClinicalDocument): string {
  switch (document.signer) {
    case 'a1':
      return T.panel.signedByA1(document.signerName);
    case 'cloud':
      return T.panel.signedByCloud(document.signerName);
    case 'pending':
      return T.panel.pendingHint;
    default:
      return T.panel.signedByPlatform;
  }
}

/** One issued document: what, when, how signed, its code, revoked or not, and its download. */
export function DocumentRow({ document, actions }: { document: ClinicalDocument; actions?: ReactNode }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {CLINICAL_DOCUMENT_LABEL[document.type]}
            {document.revokedAt ? <Badge tone="danger">{T.panel.revoked}</Badge> : null}
            {document.signer === 'pending' && !document.revokedAt ? (
              <Badge tone="warning">{T.panel.pending}</Badge>
            ) : null}
          </p>
          <p className="text-muted-foreground text-xs">
            {when(document.issuedAt)} · {T.panel.code}{' '}
            <span className="font-mono">{document.verificationCode}</span>
          </p>
          <p className="text-muted-foreground text-xs">{signedBy(document)}</p>
          {document.revokedAt ? (
            <p className="text-destructive text-xs">
              {T.panel.revokedOn(when(document.revokedAt))}
              {document.revokeReason ? ` — ${document.revokeReason}` : ''}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {document.signer === 'pending' ? null : (
          <a
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            href={documentPdfHref(document.id)}
            download
          >
            <Download aria-hidden /> {T.panel.download}
          </a>
        )}
        {actions}
      </div>
    </li>
  );
}
