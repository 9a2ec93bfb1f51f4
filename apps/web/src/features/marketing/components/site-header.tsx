import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Button } from '@/components/ui/button';
import { MARKETING_TEXT } from '../texts';
import { HeaderAccount } from './header-account';
import { SECTION_LINKS, SectionLink } from './section-links';
import { ThemeSwitch } from './theme-switch';

const T = MARKETING_TEXT.nav;

/**
 * The public header: brand, the landing sections (Como funciona, Especialidades, Para médicos,
 * Preços), the theme, the account and, on small screens, a menu toggle that opens the same links.
 * Its state shows in attributes (aria-expanded, hidden), so the server-rendered landing page can
 * drive the same markup without React (static-page/enhance.ts).
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  // A followed link closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every location change
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-border border-b bg-background/90 backdrop-blur supports-backdrop-filter:bg-background/75">
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
            ref={toggleRef}
            variant="ghost"
            size="icon"
            className="group md:hidden"
            data-menu-toggle=""
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? T.closeMenu : T.openMenu}
            onClick={() => setOpen((v) => !v)}
          >
            <Menu aria-hidden className="group-aria-expanded:hidden" />
            <X aria-hidden className="hidden group-aria-expanded:block" />
          </Button>
        </div>
      </div>
      <div id={menuId} hidden={!open} className="border-border border-t bg-background md:hidden">
        <nav aria-label={T.label} className="mx-auto w-full max-w-6xl px-4 py-3 sm:px-6">
          <ul className="flex flex-col">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink
                  id={link.id}
                  onNavigate={() => setOpen(false)}
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
