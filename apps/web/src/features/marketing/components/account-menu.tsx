import { ROLE_HOME } from '@pulsa/shared/constants/roles';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { LayoutDashboard, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '@/lib/auth';
import { MARKETING_TEXT } from '../texts';

const T = MARKETING_TEXT.account;

/** Signed-in visitors: avatar (picture or initials) with Dashboard (their area) and Sair. Loaded on demand. */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { signOut, isPending } = useSignOut();
  const label = user.name || user.email;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" className="rounded-full" aria-label={T.openMenu(label)}>
          <UserAvatar name={label} imageUrl={user.avatarUrl} className="size-9" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate font-medium">{user.name}</p>
          <p className="truncate text-muted-foreground text-xs">{user.email}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={ROLE_HOME[user.role]}>
            <LayoutDashboard aria-hidden />
            {T.dashboard}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem destructive disabled={isPending} onSelect={signOut}>
          <LogOut aria-hidden />
          {T.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
