import type { TrustedDevice } from '@pulsa/shared/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { Laptop, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { accountRequests, trustedDevicesQuery, useAccountMutation } from '../api/account';
import { ACCOUNT_TEXT } from '../texts';
import { reportAccountError } from './report';

const T = ACCOUNT_TEXT.devices;
const ICON = { desktop: Laptop, mobile: Smartphone, tablet: Tablet, other: MonitorSmartphone } as const;
const WHEN = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' });

function describe(device: TrustedDevice) {
  const browser = device.browser ?? ACCOUNT_TEXT.sessions.unknownBrowser;
  return device.os ? `${browser} em ${device.os}` : browser;
}

/** The browsers that skip the code at sign-in, each with "Esquecer" (decision 037). */
export function TrustedDevicesCard() {
  const devices = useQuery(trustedDevicesQuery);
  const forget = useAccountMutation(accountRequests.forgetDevice);
  const list = devices.data?.devices ?? [];

  return (
    <Card id="dispositivos">
      <CardHeader>
        <CardTitle>{T.title}</CardTitle>
        <CardDescription>{T.description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {devices.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : devices.isError ? (
          <p className="text-destructive text-sm">{ACCOUNT_TEXT.loadError}</p>
        ) : list.length === 0 ? (
          <p className="text-muted-foreground text-sm">{T.empty}</p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border">
            {list.map((device) => {
              const Icon = ICON[device.device];
              return (
                <li
                  key={device.id}
                  data-trusted-device=""
                  className="flex flex-wrap items-center gap-3 p-3 sm:flex-nowrap"
                >
                  <Icon aria-hidden className="size-5 shrink-0 text-muted-foreground" />
                  <div className="min-w-0 flex-1 space-y-0.5">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-sm">
                      <span className="sr-only">{ACCOUNT_TEXT.sessions.device[device.device]}: </span>
                      {describe(device)}
                      {device.current ? <Badge tone="success">{T.current}</Badge> : null}
                    </p>
                    <p className="text-muted-foreground text-xs">
                      {T.lastUsed}: {WHEN.format(new Date(device.lastUsedAt))} · {T.remembered}:{' '}
                      {DAY.format(new Date(device.createdAt))} · {T.expires}:{' '}
                      {DAY.format(new Date(device.expiresAt))}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={forget.isPending}
                    onClick={() =>
                      forget.mutate(device.id, {
                        onSuccess: () => toast.success(T.forgotten),
                        onError: (error) => reportAccountError(error, T.errorTitle),
                      })
                    }
                  >
                    {T.forget}
                    <span className="sr-only"> {describe(device)}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
