import type { Role } from '@pulsa/shared/constants/roles';
import { Menu } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BrandLogo } from '@/components/ui/brand-logo';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { ThemeToggle } from '@/components/ui/theme-toggle';
import { AREA_LABEL, AREA_NAV } from '@/config/navigation';
import { areaRedirect } from '@/lib/area-access';
import { LiveProvider } from '@/lib/live/live-provider';
import { useSession } from '@/lib/use-session';
import { MaintenanceBanner } from './maintenance-banner';
import { SidebarNav } from './sidebar-nav';
import { UserMenu } from './user-menu';

export interface AppShellProps {
  area: Role;
  /** The notifications bell (composed by the area's layout route). */
  notifications?: ReactNode;
  /** Counts beside sidebar items, by href (rendered inside the live connection). */
  navBadges?: Partial<Record<string, ReactNode>>;
  children: ReactNode;
}

/**
 * The frame of a signed-in area: a fixed 64-unit sidebar on large screens, a 72-unit sheet on
 * small ones, and a header with notifications and the user menu.
 */
export function AppShell({ area, notifications, navBadges, children }: AppShellProps) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = AREA_NAV[area];
  const navLabel = `Menu — ${AREA_LABEL[area]}`;

  // The route loader checked already; this catches a session that ends while the page is open.
  const redirectTo = isLoading ? null : areaRedirect(user, area, location.pathname + location.search);
  // A navigation away (such as "Sair" going to the landing) has already changed the address while
  // this shell is still on screen: the session it sees empty is not one lost on this page.
  const leaving = window.location.pathname !== location.pathname;
  if (redirectTo && leaving) return null;
  if (redirectTo) return <Navigate to={redirectTo} replace />;

  // One Sheet around the whole frame, so its trigger in the header is known to Radix and gets the
  // focus back when the menu closes.
  return (
    <LiveProvider>
      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <div className="min-h-dvh bg-canvas">
          <a
            href="#conteudo"
            className="sr-only z-50 rounded-md bg-background px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
          >
            Pular para o conteúdo
          </a>

          <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-border border-r bg-sidebar lg:flex">
            <div className="flex h-16 items-center border-border border-b px-6">
              <BrandLogo />
            </div>
            <p className="px-6 pt-4 font-medium text-muted-foreground text-xs uppercase tracking-wide">
              {AREA_LABEL[area]}
            </p>
            <SidebarNav items={items} label={navLabel} badges={navBadges} />
          </aside>

          <SheetContent side="left" className="w-72 gap-0 bg-sidebar p-0">
            <div className="flex h-16 items-center border-border border-b px-6">
              <BrandLogo />
            </div>
            <SheetTitle className="px-6 pt-4 font-medium text-muted-foreground text-xs uppercase tracking-wide">
              {AREA_LABEL[area]}
            </SheetTitle>
            <SheetDescription className="sr-only">Navegação entre as páginas da sua área.</SheetDescription>
            <SidebarNav
              items={items}
              label={navLabel}
              badges={navBadges}
              onNavigate={() => setMenuOpen(false)}
            />
          </SheetContent>

          <div className="flex min-h-dvh flex-col lg:pl-64">
            <MaintenanceBanner />
            <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-border border-b bg-background px-4 sm:px-6 lg:px-8">
              <SheetTrigger asChild>
                <Button variant="ghost" size="icon" className="-ml-2 lg:hidden" aria-label="Abrir menu">
                  <Menu aria-hidden className="size-5!" />
                </Button>
              </SheetTrigger>
              <BrandLogo size="sm" className="lg:hidden" />
              <div className="ml-auto flex items-center gap-1">
                <ThemeToggle />
                {notifications}
                {user ? <UserMenu user={user} area={area} /> : <Skeleton className="size-8 rounded-full" />}
              </div>
            </header>
            <main
              id="conteudo"
              tabIndex={-1}
              className="flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:px-8 lg:py-8"
            >
              <div className="mx-auto w-full max-w-7xl">{children}</div>
            </main>
          </div>
        </div>
      </Sheet>
    </LiveProvider>
  );
}
