import { useCallback, useId } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { SearchInput } from '@/components/ui/search-input';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useSpecialties } from '../api/get-specialties';
import { DIRECTORY_PARAMS, directoryFilter } from '../directory-filter';
import { CATALOG_TEXT } from '../texts';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { SpecialtyCard, SpecialtyCardSkeleton, specialtyGridClassName } from './specialty-card';

const T = CATALOG_TEXT.directory;
const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/**
 * Every specialty with its live doctor count, searched on the server (`?q=` keeps the search in the
 * URL). On the server-rendered page the same markup is driven by static-page/directory-search.ts,
 * which finds its parts by their data attributes.
 */
export function SpecialtyDirectory() {
  const [params, setParams] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const { q, withDoctors } = directoryFilter(params);
  const setParam = useCallback(
    (key: string, value: string | null) =>
      updateParams((updated) => {
        if (value) updated.set(key, value);
        else updated.delete(key);
      }),
    [updateParams],
  );
  const setSearch = useCallback(
    (next: string) => setParam(DIRECTORY_PARAMS.search, next.trim() || null),
    [setParam],
  );
  const checkboxId = useId();

  const all = useSpecialties();
  const results = useSpecialties({ q, withDoctors });
  const searching = q.trim() !== '' || withDoctors;

  return (
    <div data-directory="" className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{T.title}</h1>
        {all.data && all.data.length > 0 ? (
          <p className="mt-3 text-muted-foreground">
            {T.intro(all.data.length, all.data.filter((s) => s.doctorCount > 0).length)}
          </p>
        ) : null}
      </header>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-6">
          <SearchInput
            value={q}
            onSearch={setSearch}
            label={T.searchLabel}
            placeholder={T.searchPlaceholder}
            className="sm:w-80 sm:max-w-none lg:w-96"
          />
          <div className="flex items-center gap-2">
            <Checkbox
              id={checkboxId}
              checked={withDoctors}
              onCheckedChange={(checked) =>
                setParam(DIRECTORY_PARAMS.withDoctors, checked === true ? '1' : null)
              }
            />
            <Label htmlFor={checkboxId} className="font-normal">
              {T.withDoctorsOnly}
            </Label>
          </div>
        </div>
        {searching && results.data && !results.isPlaceholderData ? (
          <p aria-live="polite" className="text-muted-foreground text-sm">
            {T.resultCount(results.data.length)}
          </p>
        ) : null}
      </div>

      <div data-directory-results="" className="mt-6" aria-busy={results.isFetching || undefined}>
        {results.isPending ? (
          <div className={specialtyGridClassName}>
            {SKELETON_KEYS.map((key) => (
              <SpecialtyCardSkeleton key={key} />
            ))}
          </div>
        ) : results.isError ? (
          <LoadError message={CATALOG_TEXT.loadError} onRetry={() => void results.refetch()} />
        ) : results.data.length === 0 ? (
          searching ? (
            <EmptyState
              title={q.trim() ? T.noResults(q) : T.noneWithDoctors}
              hint={T.noResultsHint}
              action={
                <Button
                  variant="outline"
                  size="sm"
                  data-clear-filters=""
                  onClick={() => setParams(new URLSearchParams(), { replace: true })}
                >
                  {T.clearSearch}
                </Button>
              }
            />
          ) : (
            <EmptyState title={CATALOG_TEXT.noSpecialties} hint={CATALOG_TEXT.noSpecialtiesHint} />
          )
        ) : (
          <ul className={specialtyGridClassName}>
            {results.data.map((specialty) => (
              <li key={specialty.id} className="flex">
                <SpecialtyCard specialty={specialty} headingLevel="h2" />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
