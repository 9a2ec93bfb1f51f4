import { type ReactNode, useId } from 'react';
import { formatLegalDate, LEGAL_UPDATED_AT } from '../contacts';
import { LEGAL_TEXT } from '../texts';

/** Typography for the plain HTML elements the documents are written in. */
const PROSE =
  '[&_a]:font-medium [&_a]:text-primary [&_a]:underline-offset-2 hover:[&_a]:underline [&_h3]:mt-5 [&_h3]:font-semibold [&_li]:mt-1.5 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6';

export interface LegalSection {
  /** Anchor of the section, in Portuguese ("direitos"). */
  id: string;
  title: string;
  body: ReactNode;
}

/**
 * A legal text: title, date of the version in force, a table of contents and numbered sections.
 * Plain HTML elements inside the sections get their typography from here.
 */
export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  const tocId = useId();
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <header>
        <h1 className="font-bold text-3xl tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted-foreground text-sm">
          {LEGAL_TEXT.updatedAt} <time dateTime={LEGAL_UPDATED_AT}>{formatLegalDate(LEGAL_UPDATED_AT)}</time>
        </p>
        <div className={`mt-6 space-y-3 text-base leading-relaxed ${PROSE}`}>{intro}</div>
      </header>

      <nav aria-labelledby={tocId} className="mt-8 rounded-xl border border-border bg-muted/40 p-5">
        <h2 id={tocId} className="font-semibold text-sm">
          {LEGAL_TEXT.toc}
        </h2>
        <ol className="mt-3 list-decimal gap-x-10 pl-5 text-sm sm:columns-2 [&_li]:mb-1.5 [&_li]:break-inside-avoid">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="text-primary hover:underline">
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            className="scroll-mt-20"
          >
            <h2 id={`${section.id}-title`} className="font-semibold text-xl tracking-tight">
              {index + 1}. {section.title}
            </h2>
            <div className={`mt-3 space-y-3 text-foreground/90 leading-relaxed ${PROSE}`}>{section.body}</div>
          </section>
        ))}
      </div>
    </article>
  );
}
