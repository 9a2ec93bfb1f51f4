import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { MaintenanceBanner } from '@/components/layout/maintenance-banner';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/use-session';
import { enhancePublicHeader } from '@/static-page/public-header';
import { MARKETING_TEXT } from '../texts';
import { HeaderAccount } from './header-account';
import { SECTION_LINKS, SectionLink } from './section-links';
import { ThemeSwitch } from './theme-switch';

const T = MARKETING_TEXT.nav;

/**
 * The public header: brand, the landing sections (Como funciona, Especialidades, Para médicos,
 * Preços), the theme, the account and, on small screens, a menu toggle that opens the same links.
 * Its state lives in attributes (aria-expanded, hidden) and its behaviour is written once, in
 * static-page/public-header.ts: the server-rendered pages run it from their script, the app's
 * public pages from the effect below.
 */
export function SiteHeader() {
  const menuId = useId();
  const headerRef = useRef<HTMLElement>(null);
  const { user, isLoading } = useSession();

  // Again when the account part appears or changes (the session known, a sign-in elsewhere).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the account part's markup depends on them
  useEffect(() => {
    const header = headerRef.current;
    if (!header) return;
    const controller = new AbortController();
    enhancePublicHeader(header, controller.signal);
    return () => controller.abort();
  }, [user?.id, isLoading]);

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-border border-b bg-background/90 backdrop-blur supports-backdrop-filter:bg-background/75"
    >
      <MaintenanceBanner />
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-6 px-4 sm:px-6">
        <BrandLogo />
        <nav aria-label={T.label} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink
                  id={link.id}
                  className="rounded-md px-3 py-2 font-medium text-muted-foreground text-sm transition-colors hover:bg-accent hover:text-foreground"
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          <ThemeSwitch />
          <HeaderAccount layout="bar" />
          <Button
            variant="ghost"
            size="icon"
            className="group md:hidden"
            data-menu-toggle=""
            aria-expanded="false"
            aria-controls={menuId}
            aria-label={T.openMenu}
          >
            <Menu aria-hidden className="group-aria-expanded:hidden" />
            <X aria-hidden className="hidden group-aria-expanded:block" />
          </Button>
        </div>
      </div>
      <div id={menuId} hidden className="border-border border-t bg-background md:hidden">
        <nav aria-label={T.label} className="mx-auto w-full max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink
                  id={link.id}
                  className="block rounded-md px-3 py-3 font-medium text-base hover:bg-accent"
                >
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-border border-t pt-4 empty:hidden sm:hidden">
            <HeaderAccount layout="stacked" />
          </div>
        </nav>
      </div>
    </header>
  );
}
