import { Link } from 'react-router';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/use-session';
import { MARKETING_TEXT } from '../texts';
import { AccountMenu } from './account-menu';

const T = MARKETING_TEXT.nav;

/**
 * Signed out: Entrar and Cadastrar. Signed in: the avatar menu. While the session is being checked,
 * neither (spec). On the server-rendered landing page the session is known before the first byte,
 * so there is no such moment there.
 */
export function HeaderAccount({ layout }: { layout: 'bar' | 'stacked' }) {
  const { user, isLoading } = useSession();
  if (isLoading) return null;

  if (user) {
    // One menu everywhere: plain markup driven by static-page/account-menu.ts.
    return layout === 'stacked' ? null : <AccountMenu user={user} />;
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
