import { formatBRL } from '@pulsa/shared/format/money';
import { Skeleton } from '@/components/ui/skeleton';
import { usePricing } from '../api/get-pricing';
import { CATALOG_TEXT } from '../texts';
import { LoadError } from './load-error';

/** The real range of consultation prices of approved doctors, or a plain word that there are none yet. */
export function PriceRange() {
  const query = usePricing();
  const T = CATALOG_TEXT.pricing;

  if (query.isPending) {
    return (
      <div aria-hidden className="space-y-3">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-full" />
      </div>
    );
  }
  if (query.isError) return <LoadError message={T.loadError} onRetry={() => void query.refetch()} />;

  const { doctorCount, minPrice, maxPrice, medianPrice } = query.data;
  if (doctorCount === 0 || minPrice === null || maxPrice === null) {
    return <p className="text-muted-foreground text-sm leading-relaxed">{T.empty}</p>;
  }
  return (
    <div>
      <p className="font-bold text-3xl tracking-tight">
        {minPrice === maxPrice ? (
          <span className="whitespace-nowrap">{formatBRL(minPrice)}</span>
        ) : (
          <>
            <span className="whitespace-nowrap">{formatBRL(minPrice)}</span> {T.rangeJoin}{' '}
            <span className="whitespace-nowrap">{formatBRL(maxPrice)}</span>
          </>
        )}
      </p>
      {medianPrice !== null && minPrice !== maxPrice ? (
        <p className="mt-2 text-sm">
          {T.median} <strong className="font-semibold">{formatBRL(medianPrice)}</strong>
        </p>
      ) : null}
      <p className="mt-3 text-muted-foreground text-sm leading-relaxed">{T.basis(doctorCount)}</p>
    </div>
  );
}
