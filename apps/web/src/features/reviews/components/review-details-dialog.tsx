import {
  ADMIN_NOTES_MAX_LENGTH,
  type AdminReview,
  REVIEW_MESSAGES,
  REVIEW_REJECTION_LABEL,
  REVIEW_REJECTION_REASONS,
  type ReviewRejectionReason,
} from '@pulsa/shared/schemas/reviews';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { SelectField } from '@/components/ui/select-field';
import { Textarea } from '@/components/ui/textarea';
import { useModerateReview } from '../api/admin-reviews';
import { REVIEWS_TEXT } from '../texts';
import { ReviewStatusBadge } from './review-status-badge';
import { Stars } from './stars';

const T = REVIEWS_TEXT.admin;
const when = (iso: string) =>
  new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const REASON_OPTIONS = REVIEW_REJECTION_REASONS.map((value) => ({
  value,
  label: REVIEW_REJECTION_LABEL[value],
}));

/**
 * A review for the admin: who wrote it (the real name, even when published as "Anônimo"), the
 * comment, the doctor's reply, notes, and Aprovar / Rejeitar (with a reason) / Fechar.
 */
export function ReviewDetailsDialog({
  review,
  onClose,
}: {
  review: AdminReview | null;
  onClose: () => void;
}) {
  const moderate = useModerateReview();
  const [notes, setNotes] = useState('');
  const [reason, setReason] = useState<ReviewRejectionReason | ''>('');
  const [error, setError] = useState<string | null>(null);
  const notesId = useId();
  const reasonId = useId();

  useEffect(() => {
    setNotes(review?.adminNotes ?? '');
    setReason('');
    setError(null);
  }, [review]);

  const decide = (decision: 'approve' | 'reject') => {
    if (!review) return;
    if (decision === 'reject' && !reason) return setError(REVIEW_MESSAGES.reasonRequired);
    if (decision === 'reject' && reason === 'other' && !notes.trim())
      return setError(REVIEW_MESSAGES.notesRequiredForOther);
    setError(null);
    const input =
      decision === 'approve'
        ? { decision, adminNotes: notes.trim() || undefined }
        : { decision, reason: reason as ReviewRejectionReason, adminNotes: notes.trim() || undefined };
    moderate.mutate(
      { id: review.id, input },
      {
        onSuccess: () => {
          toast.success(decision === 'approve' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.rejected);
          onClose();
        },
      },
    );
  };

  const canApprove = review?.status === 'pending';
  const canReject = review?.status === 'pending' || review?.status === 'approved';

  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90dvh] grid-cols-[minmax(0,1fr)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{T.dialogTitle}</DialogTitle>
          {review ? (
            <DialogDescription>
              {T.dialogDescription(
                review.anonymous ? `${review.patientName} (${T.anonymousTag})` : review.patientName,
                review.doctorName,
              )}
            </DialogDescription>
          ) : null}
        </DialogHeader>
        {review ? (
          <div className="space-y-4 text-sm">
            <div className="flex flex-wrap items-center gap-3">
              <Stars value={review.rating} />
              <ReviewStatusBadge status={review.status} />
              <span className="text-muted-foreground tabular-nums">{when(review.createdAt)}</span>
            </div>
            <section className="space-y-1">
              <h3 className="font-medium">{T.comment}</h3>
              <p className="whitespace-pre-line break-words text-muted-foreground">
                {review.comment ?? T.noComment}
              </p>
            </section>
            {review.doctorReply ? (
              <section className="space-y-1">
                <h3 className="font-medium">{T.reply}</h3>
                <p className="whitespace-pre-line break-words text-muted-foreground">{review.doctorReply}</p>
              </section>
            ) : null}
            {review.moderatedByName && review.moderatedAt ? (
              <p className="text-muted-foreground text-xs">
                {T.moderatedBy(review.moderatedByName, when(review.moderatedAt))}
                {review.rejectionReason
                  ? ` ${T.reason}: ${REVIEW_REJECTION_LABEL[review.rejectionReason]}.`
                  : ''}
              </p>
            ) : null}
            <div className="space-y-1.5">
              <Label htmlFor={notesId}>{T.notes}</Label>
              <Textarea
                id={notesId}
                value={notes}
                maxLength={ADMIN_NOTES_MAX_LENGTH}
                onChange={(e) => setNotes(e.target.value)}
                aria-describedby={`${notesId}-hint`}
              />
              <p id={`${notesId}-hint`} className="text-muted-foreground text-xs">
                {T.notesHint}
              </p>
            </div>
            {canReject ? (
              <div className="space-y-1.5">
                <Label htmlFor={reasonId}>{T.reason}</Label>
                <SelectField
                  id={reasonId}
                  value={reason}
                  onValueChange={(v) => {
                    setReason(v as ReviewRejectionReason);
                    setError(null);
                  }}
                  options={REASON_OPTIONS}
                  placeholder={T.reasonPlaceholder}
                  aria-invalid={error === REVIEW_MESSAGES.reasonRequired || undefined}
                  aria-describedby={error ? `${reasonId}-error` : undefined}
                />
                {error ? (
                  <p id={`${reasonId}-error`} role="alert" className="text-destructive text-sm">
                    {error}
                  </p>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {T.close}
          </Button>
          {canReject ? (
            <Button
              type="button"
              variant="destructive"
              onClick={() => decide('reject')}
              loading={moderate.isPending && moderate.variables?.input.decision === 'reject'}
              disabled={moderate.isPending}
            >
              {T.reject}
            </Button>
          ) : null}
          {canApprove ? (
            <Button
              type="button"
              onClick={() => decide('approve')}
              loading={moderate.isPending && moderate.variables?.input.decision === 'approve'}
              disabled={moderate.isPending}
            >
              {T.approve}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
