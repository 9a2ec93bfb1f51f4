import { initials } from '@pulsa/shared/format/initials';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { MARKETING_TEXT } from '../texts';

// The menu's code (dropdown, avatar) loads only for signed-in visitors.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

const T = MARKETING_TEXT.nav;

/**
 * Signed out: Entrar and Cadastrar. Signed in: the avatar menu. While the session is being checked,
 * neither (spec).
 */
export function HeaderAccount({ layout }: { layout: 'bar' | 'stacked' }) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;

  if (user) {
    if (layout === 'stacked') return null;
    const label = user.name || user.email;
    return (
      <Suspense
        fallback={
          <span
            aria-hidden
            className="grid size-10 place-items-center rounded-full font-semibold text-primary text-xs"
          >
            <span className="grid size-9 place-items-center rounded-full bg-primary/10">
              {initials(label)}
            </span>
          </span>
        }
      >
        <AccountMenu user={user} />
      </Suspense>
    );
  }

  const stacked = layout === 'stacked';
  return (
    <div className={cn('items-center gap-2', stacked ? 'flex flex-col sm:hidden' : 'hidden sm:flex')}>
      <Link
        to={paths.login.href()}
        className={cn(buttonVariants({ variant: stacked ? 'outline' : 'ghost' }), stacked && 'w-full')}
      >
        {T.signIn}
      </Link>
      <Link to={paths.register.href()} className={cn(buttonVariants(), stacked && 'w-full')}>
        {T.signUp}
      </Link>
    </div>
  );
}
