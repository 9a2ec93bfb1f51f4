import { initials } from '@pulsa/shared/format/initials';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useStaticRender } from '@/lib/static-render';
import { MARKETING_TEXT } from '../texts';
import { StaticAccountMenu } from './static-account-menu';

// The menu's code (dropdown, avatar) loads only for signed-in visitors.
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

const T = MARKETING_TEXT.nav;

/**
 * Signed out: Entrar and Cadastrar. Signed in: the avatar menu. While the session is being checked,
 * neither (spec). On the server-rendered landing page the session is known before the first byte,
 * so there is no such moment there.
 */
export function HeaderAccount({ layout }: { layout: 'bar' | 'stacked' }) {
  const { user, isLoading } = useSession();
  const staticRender = useStaticRender();
  if (isLoading) return null;

  if (user) {
    if (layout === 'stacked') return null;
    if (staticRender) return <StaticAccountMenu user={user} />;
    return (
      <Suspense
        fallback={
          <span
            aria-hidden
            className="grid size-10 place-items-center rounded-full font-semibold text-primary text-xs"
          >
            <span className="grid size-9 place-items-center rounded-full bg-primary/10">
              {initials(user.name || user.email)}
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
