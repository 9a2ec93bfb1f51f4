import { ROLE_LABEL, type Role } from '@pulsa/shared/constants/roles';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { ChevronDown, LifeBuoy, LogOut, Settings, UserRound } from 'lucide-react';
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
import { AREA_ACCOUNT_LINKS } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useSignOut } from '@/lib/sign-out';

/** The signed-in person (real name and picture) with Perfil, Configurações, Ajuda and Sair. */
export function UserMenu({ user, area }: { user: SessionUser; area: Role }) {
  const { signOut, isPending } = useSignOut();
  const links = AREA_ACCOUNT_LINKS[area];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          className="h-10 gap-2 px-1.5 sm:px-2"
          aria-label={`Abrir menu do usuário ${user.name}`}
        >
          <UserAvatar name={user.name || user.email} imageUrl={user.avatarUrl} className="size-8" />
          <span className="hidden max-w-40 truncate lg:max-w-72 text-left text-sm md:block">{user.name}</span>
          <ChevronDown aria-hidden className="hidden text-muted-foreground md:block" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate font-medium">{user.name}</p>
          <p className="email-address text-muted-foreground text-xs" title={user.email}>
            {user.email}
          </p>
          <p className="mt-1 text-muted-foreground text-xs">{ROLE_LABEL[user.role]}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={links.profile}>
            <UserRound aria-hidden />
            Perfil
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={links.settings}>
            <Settings aria-hidden />
            Configurações
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.help.href()}>
            <LifeBuoy aria-hidden />
            Ajuda
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem destructive disabled={isPending} onSelect={signOut}>
          <LogOut aria-hidden />
          Sair
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
