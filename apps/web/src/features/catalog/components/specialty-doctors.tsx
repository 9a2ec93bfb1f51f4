import { PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import type { PublicDoctor } from '@pulsa/shared/schemas/catalog';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { useId } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { type DoctorListState, type DoctorSortChoice, doctorListQuery } from '../doctor-list-state';
import { CATALOG_TEXT } from '../texts';
import { DoctorCard } from './doctor-card';
import { EmptyState } from './empty-state';
import { LivePager } from './live-pager';

const T = CATALOG_TEXT.specialty;

const nativeSelectClassName =
  'h-9 rounded-md border border-input bg-background px-3 text-sm shadow-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring';

/**
 * The approved doctors of one specialty, one page of them, as the server renders it. Searching,
 * sorting and paging are a plain GET form and links (they work with no script at all);
 * static-page/live-list.ts fetches the server's page for the new address and puts its list in place.
 */
export function SpecialtyDoctors({
  slug,
  specialtyName,
  doctorCount,
  doctors,
  state,
  bookingHref,
}: {
  slug: string;
  specialtyName: string;
  /** With none, searching and sorting would be noise. */
  doctorCount: number;
  doctors: PageResult<PublicDoctor>;
  state: DoctorListState;
  bookingHref: (doctorId: string) => string | null;
}) {
  const formId = useId();
  const sortId = useId();
  const base = paths.specialty.href(slug);
  const { user } = useSession();

  return (
    <section aria-label={T.listLabel(specialtyName)} className="mt-10" data-live-list="">
      <form
        id={formId}
        method="get"
        action={base}
        data-live-form=""
        hidden={doctorCount === 0}
        className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
      >
        <SearchInput name="q" value={state.q} onSearch={() => {}} label={T.searchLabel} />
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="whitespace-nowrap text-muted-foreground text-sm">
            {T.sortLabel}
          </label>
          <select
            id={sortId}
            name="sort"
            defaultValue={state.sort}
            className={cn(nativeSelectClassName, 'w-44')}
          >
            {(Object.keys(T.sorts) as DoctorSortChoice[]).map((choice) => (
              <option key={choice} value={choice}>
                {T.sorts[choice]}
              </option>
            ))}
          </select>
        </div>
      </form>

      <div className="mt-6" data-live-results="">
        {doctors.items.length === 0 ? (
          state.q ? (
            <EmptyState title={T.noResults(state.q)} />
          ) : (
            <EmptyState
              title={T.emptyTitle}
              hint={T.emptyHint}
              action={
                <div className="flex flex-col items-center justify-center gap-2 sm:flex-row">
                  <a
                    href={paths.specialties.href()}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    {T.otherSpecialties}
                  </a>
                  {user ? null : (
                    <a
                      href={paths.registerDoctor.href()}
                      className={buttonVariants({ variant: 'ghost', size: 'sm' })}
                    >
                      {T.doctorSignUp}
                    </a>
                  )}
                </div>
              }
            />
          )
        ) : (
          <ul className="grid gap-4 lg:grid-cols-2">
            {doctors.items.map((doctor) => (
              <li key={doctor.id}>
                <DoctorCard doctor={doctor} bookingHref={bookingHref(doctor.id)} />
              </li>
            ))}
          </ul>
        )}
      </div>

      {/* Only when there is more than the smallest page to browse. */}
      {doctors.total > PAGE_SIZE_OPTIONS[0] ? (
        <div className="mt-8">
          <LivePager
            formId={formId}
            page={doctors.page}
            pageSize={doctors.pageSize}
            pageCount={doctors.pageCount}
            pageHref={(page) => `${base}${doctorListQuery({ ...state, page })}`}
          />
        </div>
      ) : null}
    </section>
  );
}
