import type { PublicDoctorProfile } from '@pulsa/shared/schemas/catalog';
import { formatRating } from '@pulsa/shared/schemas/reviews';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ReviewItem, Stars, REVIEWS_TEXT as T } from '@/features/reviews';

/**
 * The doctor's published reviews on their public page: the average and count of all of them, and
 * one page of the latest (plain links to the next and previous pages; no script needed).
 */
export function DoctorReviews({ doctor }: { doctor: PublicDoctorProfile }) {
  const { rating, reviews } = doctor;
  const base = paths.doctorProfile.href(doctor.slug);
  const pageHref = (page: number) =>
    page <= 1 ? `${base}#avaliacoes` : `${base}?avaliacoes=${page}#avaliacoes`;
  return (
    <section id="avaliacoes" aria-labelledby="avaliacoes-title" className="mt-8 border-border border-t pt-6">
      <h2 id="avaliacoes-title" className="font-semibold text-xl">
        {T.section}
      </h2>
      {rating.average === null || rating.count === 0 ? (
        <p className="mt-3 text-muted-foreground">{T.sectionEmpty}</p>
      ) : (
        <>
          <p className="mt-3 flex flex-wrap items-center gap-2">
            <span className="font-bold text-3xl tabular-nums">{formatRating(rating.average)}</span>
            <Stars value={rating.average} />
            <span className="text-muted-foreground text-sm">{T.count(rating.count)}</span>
          </p>
          <ul className="mt-4">
            {reviews.items.map((review) => (
              <ReviewItem key={review.id} review={review} doctorName={doctor.name} />
            ))}
          </ul>
          {reviews.pageCount > 1 ? (
            <nav aria-label={T.pages} className="mt-4 flex flex-wrap items-center gap-3">
              {reviews.page > 1 ? (
                <a
                  href={pageHref(reviews.page - 1)}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  {T.previous}
                </a>
              ) : null}
              {reviews.page < reviews.pageCount ? (
                <a
                  href={pageHref(reviews.page + 1)}
                  className={buttonVariants({ variant: 'outline', size: 'sm' })}
                >
                  {T.more}
                </a>
              ) : null}
              <span className="text-muted-foreground text-sm">
                {T.pageOf(reviews.page, reviews.pageCount)}
              </span>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
