import type { ReactNode } from 'react';
import { CenteredPage } from '@/components/layout/brand-nav';
import { usePageTitle } from '@/lib/page-title';

/** The shared frame of the auth screens: logo linking home, title, description, content, footer link. */
export function AuthLayout(props: {
  title: string;
  /** The tab's title when the heading is shared with another page (both sign-ups say "Crie sua conta"). */
  pageTitle?: string;
  description?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(props.pageTitle ?? props.title, props.description);
  return (
    <CenteredPage>
      <main
        id="conteudo"
        tabIndex={-1}
        className="flex w-full flex-col items-center focus-visible:outline-none"
      >
        <section
          aria-labelledby="auth-title"
          className="w-full max-w-md rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm sm:p-8"
        >
          <header className="mb-6 space-y-1.5 text-center">
            <h1 id="auth-title" className="font-semibold text-2xl tracking-tight">
              {props.title}
            </h1>
            {props.description ? <p className="text-muted-foreground text-sm">{props.description}</p> : null}
          </header>
          {props.children}
        </section>
        {props.footer ? (
          <div className="mt-6 text-center text-muted-foreground text-sm">{props.footer}</div>
        ) : null}
      </main>
    </CenteredPage>
  );
}
