import { ROLE_HOME } from '@pulsa/shared/constants/roles';
import { initials } from '@pulsa/shared/format/initials';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { useId } from 'react';
import { buttonVariants } from '@/components/ui/button';
import {
  destructiveMenuItemClassName,
  menuContentClassName,
  menuItemClassName,
  menuSeparatorClassName,
} from '@/components/ui/menu-styles';
import { cn } from '@/lib/cn';
import { MARKETING_TEXT } from '../texts';

const T = MARKETING_TEXT.account;

/**
 * The avatar menu (Dashboard, Sair) as plain markup, on the server-rendered pages and the app's
 * public pages alike; static-page/account-menu.ts makes it a keyboard-operable menu.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const menuId = useId();
  const label = user.name || user.email;
  return (
    <div data-account-menu="" className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded="false"
        aria-controls={menuId}
        aria-label={T.openMenu(label)}
        className={cn(buttonVariants({ variant: 'ghost', size: 'icon' }), 'rounded-full')}
      >
        <span className="relative flex size-9 shrink-0 overflow-hidden rounded-full bg-avatar">
          {/* The initials stay underneath: a picture that fails to load (empty alt) shows them. */}
          <span className="flex size-full items-center justify-center font-semibold text-avatar-foreground text-xs">
            {initials(label)}
          </span>
          {user.avatarUrl ? (
            <img
              src={user.avatarUrl}
              alt=""
              className="absolute inset-0 aspect-square size-full object-cover"
            />
          ) : null}
        </span>
      </button>
      <div
        id={menuId}
        role="menu"
        aria-label={label}
        hidden
        className={cn(menuContentClassName, 'absolute top-full right-0 mt-1.5 w-56')}
      >
        <div className="px-2 py-1.5 text-sm">
          <p className="truncate font-medium">{user.name}</p>
          <p className="email-address text-muted-foreground text-xs" title={user.email}>
            {user.email}
          </p>
        </div>
        <hr className={cn(menuSeparatorClassName, 'border-0')} />
        <a role="menuitem" tabIndex={-1} href={ROLE_HOME[user.role]} className={menuItemClassName}>
          <LayoutDashboard aria-hidden />
          {T.dashboard}
        </a>
        <button
          type="button"
          role="menuitem"
          tabIndex={-1}
          data-sign-out=""
          className={cn(menuItemClassName, destructiveMenuItemClassName, 'w-full')}
        >
          <LogOut aria-hidden />
          {T.signOut}
        </button>
      </div>
    </div>
  );
}
