import { ChevronDown, Mail, Siren } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { SearchInput } from '@/components/ui/search-input';
import { useUpdateSearchParams } from '@/lib/search-params';
import { useSession } from '@/lib/use-session';
import { FAQ_SECTIONS, type FaqItem } from '../faq';
import { countQuestions, searchFaq } from '../faq-search';
import { HELP_TEXT as T } from '../texts';

/** The help centre: a search over the static questions (`?q=` in the URL) and the answers grouped by subject. */
export function FaqBrowser() {
  const [params] = useSearchParams();
  const updateParams = useUpdateSearchParams();
  const q = (params.get('q') ?? '').slice(0, 100);
  const setSearch = useCallback(
    (next: string) =>
      updateParams((updated) => {
        if (next.trim()) updated.set('q', next.trim());
        else updated.delete('q');
      }),
    [updateParams],
  );
  const sections = useMemo(() => searchFaq(FAQ_SECTIONS, q), [q]);
  const searching = q.trim() !== '';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{T.title}</h1>
        <p className="mt-3 text-muted-foreground">{T.intro}</p>
        <p className="mt-4 flex items-start gap-2 font-medium text-sm">
          <Siren aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          {T.emergency}
        </p>
      </header>

      <div className="mt-8">
        <SearchInput
          value={q}
          onSearch={setSearch}
          label={T.searchLabel}
          placeholder={T.searchPlaceholder}
          className="sm:max-w-full"
        />
        <p aria-live="polite" className="mt-2 min-h-5 text-muted-foreground text-sm">
          {searching && sections.length > 0 ? T.found(countQuestions(sections)) : ''}
        </p>
      </div>

      {!searching ? (
        <nav aria-label={T.sectionsLabel} className="mt-4 flex flex-wrap gap-2">
          {FAQ_SECTIONS.map((section) => (
            <a
              key={section.id}
              href={`#${section.id}`}
              className="rounded-full border border-border px-3 py-1.5 text-sm hover:bg-accent"
            >
              {section.title}
            </a>
          ))}
        </nav>
      ) : null}

      {sections.length === 0 ? (
        <div className="mt-8 rounded-xl border border-border border-dashed px-6 py-10 text-center">
          <p className="font-medium">{T.noResults(q)}</p>
          <p className="mt-2 text-muted-foreground text-sm">{T.noResultsHint}</p>
          <Button variant="outline" size="sm" className="mt-5" onClick={() => setSearch('')}>
            {T.clearSearch}
          </Button>
        </div>
      ) : (
        <div className="mt-8 space-y-10">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-20"
            >
              <h2 id={`${section.id}-title`} className="font-semibold text-xl tracking-tight">
                {section.title}
              </h2>
              <div className="mt-4 divide-y divide-border rounded-xl border border-border bg-card">
                {section.items.map((item) => (
                  // A search opens what it found; otherwise every answer starts closed.
                  <FaqEntry key={`${item.id}-${searching}`} item={item} open={searching} />
                ))}
              </div>
            </section>
          ))}
        </div>
      )}

      <aside className="mt-12 rounded-xl border border-border bg-muted/40 p-6">
        <h2 className="font-semibold">{T.contactTitle}</h2>
        <p className="mt-1 text-muted-foreground text-sm">{T.contactText}</p>
        <a
          href={`mailto:${T.contactEmail}`}
          className="mt-3 inline-flex items-center gap-2 font-medium text-primary hover:underline"
        >
          <Mail aria-hidden className="size-4" />
          {T.contactEmail}
        </a>
      </aside>
    </div>
  );
}

function FaqEntry({ item, open }: { item: FaqItem; open: boolean }) {
  const { user } = useSession();
  const link = item.link && !(item.link.visitorsOnly && user) ? item.link : null;
  return (
    <details id={item.id} open={open} className="group scroll-mt-20">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium hover:bg-accent/50 [&::-webkit-details-marker]:hidden">
        {item.question}
        <ChevronDown
          aria-hidden
          className="size-4 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <div className="space-y-3 px-5 pb-5 text-muted-foreground text-sm leading-relaxed">
        {item.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
        {link ? (
          <Link to={link.href} className="inline-block font-medium text-primary hover:underline">
            {link.label}
          </Link>
        ) : null}
      </div>
    </details>
  );
}
