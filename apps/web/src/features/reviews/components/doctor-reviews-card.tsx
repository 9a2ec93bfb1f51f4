import {
  formatRating,
  type PublicReview,
  REVIEW_MESSAGES,
  REVIEW_REPLY_MAX_LENGTH,
} from '@pulsa/shared/schemas/reviews';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { useDoctorReviews, useReplyToReview } from '../api/doctor-reviews';
import { REVIEWS_TEXT } from '../texts';
import { ReviewItem } from './stars';

const T = REVIEWS_TEXT.doctor;

/** The doctor's published reviews on the dashboard, each with its one reply (or a way to write it). */
export function DoctorReviewsCard({ doctorName }: { doctorName: string }) {
  const [page, setPage] = useState(1);
  const query = useDoctorReviews(page);
  const data = query.data;
  return (
    <Card>
      <CardContent className="space-y-3 p-6">
        <h2 className="font-semibold text-lg">{T.title}</h2>
        <p className="text-muted-foreground text-sm">{T.description}</p>
        {!data ? (
          query.isError ? (
            // A failed first load says so and offers a retry: never an empty card (the toast said why).
            <div role="alert" className="flex flex-col items-start gap-2">
              <p className="font-medium text-sm">{T.loadError}</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                {REVIEWS_TEXT.retry}
              </Button>
            </div>
          ) : (
            <Skeleton className="h-16" />
          )
        ) : data.rating.average === null ? (
          <p className="text-muted-foreground text-sm">{T.none}</p>
        ) : (
          <>
            <p className="font-medium text-sm">
              {T.summary(formatRating(data.rating.average), data.rating.count)}
            </p>
            <ul>
              {data.items.map((review) => (
                <ReviewItem key={review.id} review={review} doctorName={doctorName}>
                  {review.reply ? null : <ReplyForm review={review} />}
                </ReviewItem>
              ))}
            </ul>
            {data.pageCount > 1 ? (
              <div className="flex items-center gap-2">
                <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  {REVIEWS_TEXT.previous}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={page >= data.pageCount}
                  onClick={() => setPage(page + 1)}
                >
                  {REVIEWS_TEXT.more}
                </Button>
                <span className="text-muted-foreground text-sm">
                  {REVIEWS_TEXT.pageOf(page, data.pageCount)}
                </span>
              </div>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ReplyForm({ review }: { review: PublicReview }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToReview();
  const id = useId();
  if (!open)
    return (
      <Button variant="outline" size="sm" className="mt-3" onClick={() => setOpen(true)}>
        {T.reply}
      </Button>
    );
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return setError(REVIEW_MESSAGES.replyRequired);
        reply.mutate(
          { id: review.id, reply: text.trim() },
          { onSuccess: () => toast.success(REVIEW_MESSAGES.replied) },
        );
      }}
    >
      <Label htmlFor={id}>{T.replyLabel}</Label>
      <Textarea
        id={id}
        value={text}
        maxLength={REVIEW_REPLY_MAX_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      />
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        {T.replyHint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={reply.isPending}>
          {T.publish}
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setOpen(false)}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
