import type { SpecialtySummary } from '@pulsa/shared/schemas/catalog';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { DIRECTORY_PARAMS, type DirectoryFilter } from '../directory-filter';
import { CATALOG_TEXT } from '../texts';
import { EmptyState } from './empty-state';
import { SpecialtyCard, specialtyGridClassName } from './specialty-card';

const T = CATALOG_TEXT.directory;

/**
 * Every specialty with its live doctor count, searched on the server, as the server renders it.
 * The search and the "with doctors" box are a plain GET form (`?q=…&withDoctors=1`);
 * static-page/live-list.ts fetches the server's page for the new address and puts its directory in
 * place, so results are drawn in one place.
 */
export function SpecialtyDirectory({
  all,
  results,
  filter,
}: {
  all: SpecialtySummary[];
  results: SpecialtySummary[];
  filter: DirectoryFilter;
}) {
  const checkboxId = useId();
  const searching = filter.q.trim() !== '' || filter.withDoctors;

  return (
    <div data-live-list="" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{T.title}</h1>
        {all.length > 0 ? (
          <p className="mt-3 text-muted-foreground">
            {T.intro(all.length, all.filter((s) => s.doctorCount > 0).length)}
          </p>
        ) : null}
      </header>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <form
          method="get"
          action={paths.specialties.href()}
          data-live-form=""
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6"
        >
          <SearchInput
            name={DIRECTORY_PARAMS.search}
            value={filter.q}
            onSearch={() => {}}
            label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            className="sm:w-80 sm:max-w-none lg:w-96"
          />
          <div className="flex items-center gap-2">
            <input
              id={checkboxId}
              type="checkbox"
              name={DIRECTORY_PARAMS.withDoctors}
              value="1"
              defaultChecked={filter.withDoctors}
              className="size-4 shrink-0 cursor-pointer rounded-[4px] accent-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
            />
            <label htmlFor={checkboxId} className="cursor-pointer font-normal text-sm leading-none">
              {T.withDoctorsOnly}
            </label>
          </div>
        </form>
        {/* Always in the page, so screen readers follow it from the first search on. */}
        <p aria-live="polite" className="text-muted-foreground text-sm">
          {searching ? T.resultCount(results.length) : ''}
        </p>
      </div>

      <div data-live-results="" className="mt-6">
        {results.length === 0 ? (
          searching ? (
            <EmptyState
              title={filter.q.trim() ? T.noResults(filter.q) : T.noneWithDoctors}
              hint={T.noResultsHint}
              action={
                <Button variant="outline" size="sm" data-clear-filters="">
                  {T.clearSearch}
                </Button>
              }
            />
          ) : (
            <EmptyState title={CATALOG_TEXT.noSpecialties} hint={CATALOG_TEXT.noSpecialtiesHint} />
          )
        ) : (
          <ul className={cn(specialtyGridClassName, 'gap-2 sm:gap-4')}>
            {results.map((specialty) => (
              <li key={specialty.id} className="flex">
                <SpecialtyCard specialty={specialty} headingLevel="h2" compactOnPhone />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
