import type { ReactNode } from 'react';
import { BrandLogo } from '@/components/ui/brand-logo';
import { usePageTitle } from '@/lib/page-title';

/** The shared frame of the auth screens: logo linking home, title, description, content, footer link. */
export function AuthLayout(props: {
  title: string;
  description?: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(props.title, props.description);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-muted/40 px-4 py-10">
      <div className="mb-8">
        <BrandLogo />
      </div>
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
  );
}
