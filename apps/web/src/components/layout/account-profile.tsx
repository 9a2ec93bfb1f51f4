import { ROLE_LABEL } from '@pulsa/shared/constants/roles';
import { UserAvatar } from '@/components/ui/avatar';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { Section } from '@/config/sections';
import { useSession } from '@/lib/use-session';
import { PageHeader } from './page-header';

/** The signed-in account as the server knows it (the user menu's "Perfil" for admins and patients). */
export function AccountProfile({ section }: { section: Section }) {
  const { user } = useSession();
  return (
    <>
      <PageHeader title={section.title} description={section.description} />
      <Card className="max-w-2xl">
        <CardContent className="flex flex-col gap-6 p-6 sm:flex-row sm:items-center">
          {user ? (
            <>
              <UserAvatar
                name={user.name || user.email}
                imageUrl={user.avatarUrl}
                className="size-16 text-base"
              />
              <dl className="grid min-w-0 flex-1 gap-3 text-sm sm:grid-cols-[8rem_1fr]">
                <dt className="text-muted-foreground">Nome</dt>
                <dd className="font-medium">{user.name}</dd>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="email-address font-medium" title={user.email}>
                  {user.email}
                </dd>
                <dt className="text-muted-foreground">Tipo de conta</dt>
                <dd className="font-medium">{ROLE_LABEL[user.role]}</dd>
              </dl>
            </>
          ) : (
            <Skeleton className="h-16 w-full" />
          )}
        </CardContent>
      </Card>
    </>
  );
}
