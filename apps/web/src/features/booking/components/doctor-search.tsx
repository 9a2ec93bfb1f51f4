import { SearchX, Stethoscope } from 'lucide-react';
import { useCallback } from 'react';
import { ListEmptyState, ListLoadError } from '@/components/layout/list-states';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { useClampPage } from '@/lib/table-state';
import { useBookableDoctors } from '../api/get-bookable-doctors';
import { isFiltered } from '../search-state';
import { BOOKING_TEXT } from '../texts';
import type { useBookingParams } from '../use-booking-params';
import { BookableDoctorCard } from './bookable-doctor-card';
import { BookingFiltersCard } from './booking-filters';

const T = BOOKING_TEXT.list;

/** The filters and one page of doctors, each with their next free slots. */
export function DoctorSearch({
  booking,
  viewerZone,
}: {
  booking: ReturnType<typeof useBookingParams>;
  viewerZone: string;
}) {
  const { filters, setFilter } = booking;
  const query = useBookableDoctors(filters);
  const setPage = useCallback((page: number) => setFilter('page', String(page)), [setFilter]);
  useClampPage(filters.page, query.data, setPage);
  const result = query.data;

  return (
    <div className="space-y-4">
      <BookingFiltersCard
        filters={filters}
        onFilter={setFilter}
        onSort={booking.setSort}
        onClear={booking.clearFilters}
      />
      {result ? (
        <p className="text-muted-foreground text-sm" aria-live="polite">
          {T.count(result.total)}
        </p>
      ) : null}
      {query.isPending ? (
        <div className="grid gap-4 md:grid-cols-2" aria-busy>
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} className="h-56 w-full rounded-xl" />
          ))}
        </div>
      ) : query.isError && !result ? (
        <ListLoadError message={T.loadError} actionLabel={T.retry} onRetry={() => void query.refetch()} />
      ) : !result || result.items.length === 0 ? (
        isFiltered(filters) ? (
          <ListEmptyState icon={SearchX} title={T.empty} hint={T.emptyHint} />
        ) : (
          <ListEmptyState icon={Stethoscope} title={T.emptyAll} hint={T.emptyAllHint} />
        )
      ) : (
        <>
          <ul
            className="grid gap-4 transition-opacity md:grid-cols-2 aria-busy:opacity-60"
            aria-label={T.label}
            aria-busy={query.isFetching && query.isPlaceholderData ? true : undefined}
          >
            {result.items.map((doctor) => (
              <li key={doctor.id}>
                <BookableDoctorCard doctor={doctor} viewerZone={viewerZone} onChoose={booking.chooseDoctor} />
              </li>
            ))}
          </ul>
          <DataTablePagination
            page={result.page}
            pageSize={result.pageSize}
            pageCount={result.pageCount}
            total={result.total}
            onPageChange={setPage}
            onPageSizeChange={(size) => setFilter('pageSize', String(size))}
          />
        </>
      )}
    </div>
  );
}
