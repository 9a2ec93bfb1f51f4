import { formatDate } from '@pulsa/shared/format/date';
import type { PublicReview, RatingSummary } from '@pulsa/shared/schemas/reviews';
import { formatRating } from '@pulsa/shared/schemas/reviews';
import { Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { REVIEWS_TEXT as T } from '../texts';

/** Five stars, `value` of them filled (rounded), read as "N estrelas de 5". */
export function Stars({ value, className }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={T.stars(filled)} className={cn('inline-flex gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn('size-4', n <= filled ? 'fill-warning text-warning' : 'text-muted-foreground')}
        />
      ))}
    </span>
  );
}

/** "★ 4,7 (12 avaliações)", or "Sem avaliações ainda". */
export function RatingBadge({ rating, className }: { rating: RatingSummary; className?: string }) {
  if (rating.average === null || rating.count === 0)
    return <span className={cn('text-muted-foreground text-sm', className)}>{T.noReviews}</span>;
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-sm', className)}
      title={T.average(rating.average, rating.count)}
    >
      <Star aria-hidden className="size-4 fill-warning text-warning" />
      <span className="sr-only">{T.average(rating.average, rating.count)}</span>
      <span aria-hidden className="font-semibold tabular-nums">
        {formatRating(rating.average)}
      </span>
      <span aria-hidden className="text-muted-foreground">
        ({T.count(rating.count)})
      </span>
    </span>
  );
}

/** One published review: stars, author ("Anônimo" or "Maria S."), date, comment and the doctor's reply. */
export function ReviewItem({
  review,
  doctorName,
  children,
}: {
  review: PublicReview;
  doctorName: string;
  /** Under the review (the doctor's reply form). */
  children?: ReactNode;
}) {
  return (
    <li className="border-border border-t py-4 first:border-t-0">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars value={review.rating} />
        <span className="font-medium text-sm">{review.author}</span>
        <span className="text-muted-foreground text-xs tabular-nums">{formatDate(review.createdAt)}</span>
      </div>
      {review.comment ? (
        <p className="mt-2 whitespace-pre-line text-muted-foreground text-sm leading-relaxed">
          {review.comment}
        </p>
      ) : null}
      {review.reply ? (
        <div className="mt-3 rounded-md border-primary border-l-2 bg-muted/50 px-3 py-2">
          <p className="font-medium text-xs">{T.replyFrom(doctorName)}</p>
          <p className="mt-1 whitespace-pre-line text-muted-foreground text-sm">{review.reply.text}</p>
        </div>
      ) : null}
      {children}
    </li>
  );
}
