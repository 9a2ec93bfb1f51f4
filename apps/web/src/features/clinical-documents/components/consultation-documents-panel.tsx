import type { ClinicalDocument } from '@pulsa/shared/schemas/clinical-documents';
import { revokeDocumentInputSchema } from '@pulsa/shared/schemas/clinical-documents';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { useAppointment } from '@/features/appointments';
import { showApiError } from '@/lib/api-errors';
import { useConsultationDocuments, useRevokeDocument } from '../api/documents';
import { useSignPending } from '../api/signature';
import { DOCUMENTS_TEXT as T } from '../texts';
import { DocumentRow } from './document-row';
import { IssueDocumentForm } from './issue-document-form';

/**
 * The doctor's "Documentos" of one consultation: issue a prescription, a certificate, an exam
 * request or a report (signed at once), and list, download or revoke what was issued. Self-contained:
 * it needs only the appointment's id and may sit in the room or on the consultation's page.
 */
export function ConsultationDocumentsPanel({ appointmentId }: { appointmentId: string }) {
  const documents = useConsultationDocuments(appointmentId);
  // Issued while the consultation is under way or once it is completed (the server's rule); the
  // appointment's live updates refresh its status, so the form appears when the call starts.
  const appointment = useAppointment(appointmentId);
  const status = appointment.data?.status;
  const canIssue = status === 'in_progress' || status === 'completed';
  const [revoking, setRevoking] = useState<ClinicalDocument | null>(null);
  const items = documents.data?.items ?? [];
  const earlier = documents.data?.earlier ?? [];
  return (
    <Card data-testid="consultation-documents">
      <CardHeader>
        <CardTitle>{T.panel.title}</CardTitle>
        <CardDescription>{T.panel.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {appointment.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : canIssue ? (
          <section className="space-y-3" aria-label={T.panel.issueTitle}>
            <h3 className="font-semibold text-sm">{T.panel.issueTitle}</h3>
            <IssueDocumentForm appointmentId={appointmentId} />
          </section>
        ) : (
          <p className="text-muted-foreground text-sm">{T.panel.notAvailable}</p>
        )}
        <section className="space-y-3" aria-label={T.panel.issued}>
          <h3 className="font-semibold text-sm">{T.panel.issued}</h3>
          <SignPendingButton documents={items} />
          {documents.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : items.length === 0 ? (
            <p className="text-muted-foreground text-sm">{T.panel.none}</p>
          ) : (
            <ul className="space-y-2">
              {items.map((document) => (
                <DocumentRow
                  key={document.id}
                  document={document}
                  actions={
                    document.revokedAt ? null : (
                      <Button variant="outline" size="sm" onClick={() => setRevoking(document)}>
                        {T.panel.revoke}
                      </Button>
                    )
                  }
                />
              ))}
            </ul>
          )}
        </section>
        {earlier.length > 0 ? (
          <section className="space-y-3" aria-label={T.panel.earlier}>
            <h3 className="font-semibold text-sm">{T.panel.earlier}</h3>
            <ul className="space-y-2">
              {earlier.map((document) => (
                <DocumentRow key={document.id} document={document} />
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
      <RevokeDialog document={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

/** The documents of this consultation waiting for the doctor's signature, signed with the open session. */
function SignPendingButton({ documents }: { documents: ClinicalDocument[] }) {
  const sign = useSignPending();
  const pending = documents.filter((d) => d.signer === 'pending' && !d.revokedAt);
  if (pending.length === 0) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-warning/60 bg-warning/10 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm">{T.panel.pendingHint}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={sign.isPending}
          onClick={() =>
            sign.mutate(
              pending.map((d) => d.id),
              {
                onSuccess: ({ signed, unsigned }) => {
                  if (signed || !unsigned.length) toast.success(T.panel.signedToast(signed));
                  if (unsigned.length) toast.warning(T.panel.unsignedToast(unsigned.length));
                },
                onError: (error) => showApiError(error, { title: T.panel.signError }),
              },
            )
          }
        >
          {sign.isPending ? T.panel.signing : T.panel.signPending(pending.length)}
        </Button>
        <Link
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
          to={`${paths.doctor.profile.href()}#assinatura`}
        >
          {T.panel.openSession}
        </Link>
      </div>
    </div>
  );
}

function RevokeDialog({ document, onClose }: { document: ClinicalDocument | null; onClose: () => void }) {
  const revoke = useRevokeDocument();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const D = T.revokeDialog;
  const confirm = async () => {
    if (!document) return;
    const parsed = revokeDocumentInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await revoke.mutateAsync({ id: document.id, reason: parsed.data.reason });
      toast.success(D.done);
      setReason('');
      setError(undefined);
      onClose();
    } catch (failure) {
      showApiError(failure, { title: D.error });
    }
  };
  return (
    <AlertDialog open={document !== null} onOpenChange={(open) => !open && !revoke.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{D.title}</AlertDialogTitle>
          <AlertDialogDescription>{D.description}</AlertDialogDescription>
        </AlertDialogHeader>
        <FormField label={D.reason} error={error}>
          <Textarea
            rows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            maxLength={500}
          />
        </FormField>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={revoke.isPending}>{D.cancel}</AlertDialogCancel>
          <Button variant="destructive" loading={revoke.isPending} onClick={confirm}>
            {D.confirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
