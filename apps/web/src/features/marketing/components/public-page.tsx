import type { ReactNode } from 'react';
import { MARKETING_TEXT } from '../texts';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame of every public page: skip link, header, the page, footer. */
export function PublicPage({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {MARKETING_TEXT.skipToContent}
      </a>
      <SiteHeader />
      <main id="conteudo" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
