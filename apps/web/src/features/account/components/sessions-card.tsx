import type { AccountSession } from '@pulsa/shared/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { accountRequests, accountSessionsQuery, useAccountMutation } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { ConfirmAction } from './confirm-action';
import { reportAccountError } from './report';

const T = ACCOUNT_TEXT.sessions;
const ICON = { desktop: Laptop, mobile: Smartphone, tablet: Tablet, other: MonitorSmartphone } as const;
const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

function describe(session: AccountSession) {
  const browser = session.browser ?? T.unknownBrowser;
  return session.os ? `${browser} em ${session.os}` : browser;
}

export function SessionsCard() {
  const sessions = useQuery(accountSessionsQuery);
  const end = useAccountMutation(accountRequests.endSession);
  const endOthers = useAccountMutation(accountRequests.endOtherSessions);
  const list = sessions.data?.sessions ?? [];
  const others = list.filter((s) => !s.current).length;

  return (
    <Card id="sessoes">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1.5">
          <CardTitle>{T.title}</CardTitle>
          <CardDescription>{T.description}</CardDescription>
        </div>
        {others > 0 ? (
          <ConfirmAction
            trigger={
              <Button variant="outline" size="sm" disabled={endOthers.isPending}>
                {T.endOthers}
              </Button>
            }
            title={T.endOthersTitle}
            description={T.endOthersDescription}
            confirm={T.endOthers}
            destructive
            onConfirm={() =>
              endOthers.mutate(undefined, {
                onSuccess: () => toast.success(T.endedOthers),
                onError: (error) => reportAccountError(error, T.errorTitle),
              })
            }
          />
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3">
        {sessions.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : sessions.isError ? (
          <p className="text-destructive text-sm">{ACCOUNT_TEXT.loadError}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {list.map((session) => {
              const Icon = ICON[session.device];
              return (
                <li
                  key={session.id}
                  data-session=""
                  className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
                >
                  <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                      <span className="sr-only">{T.device[session.device]}: </span>
                      {describe(session)}
                      {session.current ? <Badge tone="success">{T.current}</Badge> : null}
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {session.ipAddress ?? T.unknownAddress} · {T.lastSeen}:{' '}
                      {WHEN.format(new Date(session.lastSeenAt))} · {T.started}:{' '}
                      {WHEN.format(new Date(session.createdAt))}
                    </p>
                  </div>
                  {session.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={end.isPending}
                      onClick={() =>
                        end.mutate(session.id, {
                          onSuccess: () => toast.success(T.ended),
                          onError: (error) => reportAccountError(error, T.errorTitle),
                        })
                      }
                    >
                      {T.end}
                      <span className="sr-only"> {describe(session)}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <p className="text-muted-foreground text-xs">{T.ipNote}</p>
      </CardContent>
    </Card>
  );
}
