import { BrandLogo } from '@/components/ui/brand-logo';
import { cn } from '@/lib/cn';

/**
 * The one way out of a page that has no site header (sign-in and sign-up, the not-found page): the
 * logo leading home, in a navigation landmark so a screen reader's list of landmarks finds it.
 */
export function BrandNav({ className }: { className?: string }) {
  return (
    <header className={className}>
      <nav aria-label="Navegação do site">
        <BrandLogo />
      </nav>
    </header>
  );
}

/** A full-height centred column: the brand's navigation above the page's main content. */
export function CenteredPage({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={cn('flex min-h-dvh flex-col items-center justify-center bg-muted/40 px-4 py-10', className)}
    >
      <BrandNav className="mb-8" />
      {children}
    </div>
  );
}
