import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useSpecialties } from '../api/get-specialties';
import { CATALOG_TEXT } from '../texts';
import { EmptyState } from './empty-state';
import { LoadError } from './load-error';
import { SpecialtyCard, SpecialtyCardSkeleton, specialtyGridClassName } from './specialty-card';

const T = CATALOG_TEXT.directory;
const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'];

/** Every specialty with its live doctor count, searched on the server (`?q=` keeps the search in the URL). */
export function SpecialtyDirectory() {
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').slice(0, 100);
  const setSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.trim()) updated.set('q', next.trim());
          else updated.delete('q');
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );

  const all = useSpecialties();
  const results = useSpecialties(q);
  const searching = q.trim() !== '';

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <header className="max-w-2xl">
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{T.title}</h1>
        {all.data && all.data.length > 0 ? (
          <p className="mt-3 text-muted-foreground">
            {T.intro(all.data.length, all.data.filter((s) => s.doctorCount > 0).length)}
          </p>
        ) : null}
      </header>

      <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchInput
          value={q}
          onSearch={setSearch}
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          className="sm:max-w-md"
        />
        {searching && results.data && !results.isPlaceholderData ? (
          <p aria-live="polite" className="text-muted-foreground text-sm">
            {T.resultCount(results.data.length)}
          </p>
        ) : null}
      </div>

      <div className="mt-6" aria-busy={results.isFetching || undefined}>
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
              title={T.noResults(q)}
              hint={T.noResultsHint}
              action={
                <Button variant="outline" size="sm" onClick={() => setSearch('')}>
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
