import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { keyBytes, madeWithKey, pushSupport, serviceWorkerRegistration } from '@/lib/push';
import {
  browserSubscriptionQueryOptions,
  deletePushSubscription,
  pushKeyQueryOptions,
  pushKeys,
  pushSubscriptionsQueryOptions,
  savePushSubscription,
} from '../api/push';
import { PUSH_TEXT as T } from '../texts';

/** What the person sees about this browser. */
export type PushState =
  | 'unsupported'
  | 'needs-install'
  | 'blocked'
  | 'checking'
  | 'load-error'
  | 'on'
  | 'off';

/** A refusal the person can act on: the browser's permission prompt was closed without an answer. */
class PermissionDismissed extends Error {}

const permissionNow = (): NotificationPermission =>
  typeof Notification === 'undefined' ? 'default' : Notification.permission;

/**
 * "Notificações no navegador": turns this browser's push notifications on (asks the browser's
 * permission, subscribes with the server's key, saves the subscription) or off, and says where it
 * stands: on, off, blocked by the browser, or not offered by it. A failure is said in words with a
 * way to try again, never silently.
 */
export function PushToggle({ className }: { className?: string }) {
  const support = pushSupport();
  const [permission, setPermission] = useState(permissionNow);
  const [failure, setFailure] = useState<{ message: string; retry: () => void } | null>(null);
  const queryClient = useQueryClient();
  const statusId = useId();
  const active = support === 'supported' && permission !== 'denied';
  const browser = useQuery({ ...browserSubscriptionQueryOptions, enabled: active });
  const server = useQuery({ ...pushSubscriptionsQueryOptions, enabled: active });
  const refresh = () => queryClient.invalidateQueries({ queryKey: pushKeys.all });

  const turnOn = useMutation({
    mutationFn: async () => {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'denied') return;
      if (answer !== 'granted') throw new PermissionDismissed();
      const registration = await serviceWorkerRegistration();
      const { publicKey } = await queryClient.fetchQuery(pushKeyQueryOptions);
      let subscription = await registration.pushManager.getSubscription();
      // Made with another server key (the keys changed): it would never receive anything.
      if (subscription && !madeWithKey(subscription, publicKey)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(publicKey),
      });
      await savePushSubscription(subscription.toJSON());
    },
    onSuccess: () => setFailure(null),
    onError: (error) =>
      setFailure({
        message:
          error instanceof PermissionDismissed
            ? T.permissionDismissed
            : error instanceof ApiError
              ? error.message
              : T.turnOnError,
        retry: () => turnOn.mutate(),
      }),
    onSettled: refresh,
  });

  const turnOff = useMutation({
    mutationFn: async () => {
      const subscription = browser.data ?? null;
      if (!subscription) return;
      try {
        await deletePushSubscription(subscription.endpoint);
      } catch (error) {
        // Already gone from the server (its push service said it expired): only the browser's is left.
        if (!(error instanceof ApiError && error.status === 404)) throw error;
      }
      await subscription.unsubscribe();
    },
    onSuccess: () => setFailure(null),
    onError: (error) =>
      setFailure({
        message: error instanceof ApiError ? error.message : T.turnOffError,
        retry: () => turnOff.mutate(),
      }),
    onSettled: refresh,
  });

  const endpoint = browser.data?.endpoint;
  const state: PushState =
    support === 'unsupported'
      ? 'unsupported'
      : support === 'needs-install'
        ? 'needs-install'
        : permission === 'denied'
          ? 'blocked'
          : browser.isError || server.isError
            ? 'load-error'
            : browser.isPending || server.isPending
              ? 'checking'
              : endpoint && server.data.items.some((s) => s.endpoint === endpoint)
                ? 'on'
                : 'off';
  const busy = turnOn.isPending || turnOff.isPending;
  const status = turnOn.isPending
    ? T.turningOn
    : turnOff.isPending
      ? T.turningOff
      : {
          unsupported: T.unsupported,
          'needs-install': T.needsInstall,
          blocked: T.blocked,
          checking: T.checking,
          'load-error': T.loadError,
          on: T.on,
          off: T.off,
        }[state];
  const shownFailure =
    failure ?? (state === 'load-error' ? { message: T.loadError, retry: () => void refresh() } : null);

  return (
    <div data-push-state={state} className={cn('space-y-2', className)}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-0.5">
          <p className="font-medium text-sm">{T.title}</p>
          {state === 'load-error' ? null : (
            <p id={statusId} className="text-muted-foreground text-xs" aria-live="polite">
              {status}
            </p>
          )}
        </div>
        {state === 'on' || state === 'off' || state === 'checking' ? (
          <Switch
            checked={turnOn.isPending || (state === 'on' && !turnOff.isPending)}
            disabled={busy || state === 'checking'}
            onCheckedChange={(checked) => {
              setFailure(null);
              if (checked) turnOn.mutate();
              else turnOff.mutate();
            }}
            aria-label={T.switchLabel}
            aria-describedby={statusId}
          />
        ) : null}
      </div>
      {shownFailure ? (
        <div role="alert" className="flex flex-wrap items-center gap-x-2 text-destructive-text text-xs">
          <span>{shownFailure.message}</span>
          <Button
            variant="link"
            size="sm"
            className="h-auto p-0 text-xs"
            disabled={busy}
            onClick={shownFailure.retry}
          >
            {T.retry}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
