import { PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import { useCallback, useId } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { DataTablePagination } from '@/components/ui/data-table-pagination';
import { SearchInput } from '@/components/ui/search-input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useClampPage, useUrlTableState } from '@/lib/table-state';
import { useSpecialtyDoctors } from '../api/get-specialty-doctors';
import { DOCTOR_SORTS } from '../api/types';
import { CATALOG_TEXT } from '../texts';
import { bookingHrefFor, DoctorCard, DoctorCardSkeleton } from './doctor-card';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';

const T = CATALOG_TEXT.specialty;
type SortChoice = keyof typeof T.sorts;

/** The approved doctors of one specialty: searched, sorted and paginated on the server, state in the URL. */
export function SpecialtyDoctors({
  slug,
  specialtyName,
  doctorCount,
}: {
  slug: string;
  specialtyName: string;
  /** Known once the specialty loads; with none, searching and sorting would be noise. */
  doctorCount: number | undefined;
}) {
  const { state, setPage, setPageSize, setSearch } = useUrlTableState(DOCTOR_SORTS);
  const query = useSpecialtyDoctors(slug, state);
  useClampPage(state.page, query.data, setPage);
  const { user, isLoading: sessionLoading } = useSession();

  const sortChoice: SortChoice =
    state.sort === 'price' ? (state.order === 'desc' ? 'price-desc' : 'price-asc') : 'name-asc';
  const setSort = useSortSetter();
  const sortLabelId = useId();

  return (
    <section aria-label={T.listLabel(specialtyName)} className="mt-10">
      <div
        hidden={doctorCount === 0}
        className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <SearchInput value={state.q} onSearch={setSearch} label={T.searchLabel} />
        <div className="flex items-center gap-2">
          <span id={sortLabelId} className="whitespace-nowrap text-muted-foreground text-sm">
            {T.sortLabel}
          </span>
          <Select value={sortChoice} onValueChange={(value) => setSort(value as SortChoice)}>
            <SelectTrigger aria-labelledby={sortLabelId} className="w-44">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(T.sorts) as SortChoice[]).map((choice) => (
                <SelectItem key={choice} value={choice}>
                  {T.sorts[choice]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      <div className="mt-6" aria-busy={query.isFetching || undefined}>
        {query.isPending ? (
          <ul className="grid gap-4 lg:grid-cols-2">
            {[0, 1, 2, 3].map((i) => (
              <li key={i}>
                <DoctorCardSkeleton />
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <LoadError message={T.doctorsLoadError} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          state.q ? (
            <EmptyState title={T.noResults(state.q)} />
          ) : (
            <EmptyState
              title={T.emptyTitle}
              hint={T.emptyHint}
              action={
                <div className="flex flex-col items-center justify-center gap-2 sm:flex-row">
                  <Link
                    to={paths.specialties.href()}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    {T.otherSpecialties}
                  </Link>
                  <Link
                    to={paths.registerDoctor.href()}
                    className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                  >
                    {T.doctorSignUp}
                  </Link>
                </div>
              }
            />
          )
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {query.data.items.map((doctor) => (
              <li key={doctor.id}>
                <DoctorCard
                  doctor={doctor}
                  bookingHref={sessionLoading ? null : bookingHrefFor(doctor.id, user?.role ?? null)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {/* Only when there is more than the smallest page to browse. */}
      {query.data && query.data.total > PAGE_SIZE_OPTIONS[0] ? (
        <div className="mt-8">
          <DataTablePagination
            page={query.data.page}
            pageSize={query.data.pageSize}
            pageCount={query.data.pageCount}
            total={query.data.total}
            onPageChange={setPage}
            onPageSizeChange={setPageSize}
          />
        </div>
      ) : null}
    </section>
  );
}

/** Writes the chosen order into the URL (`sort`, `order`) and goes back to the first page. */
function useSortSetter() {
  const updateParams = useUpdateSearchParams();
  return useCallback(
    (choice: SortChoice) =>
      updateParams((next) => {
        next.delete('page');
        next.delete('sort');
        next.delete('order');
        if (choice !== 'name-asc') next.set('sort', 'price');
        if (choice === 'price-desc') next.set('order', 'desc');
      }),
    [updateParams],
  );
}
