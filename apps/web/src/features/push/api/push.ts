import type { PushKey, PushSubscriptionList } from '@pulsa/shared/schemas/push';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { currentPushSubscription, PUSH_SUBSCRIPTIONS_PATH } from '@/lib/push';

export const PUSH_KEY_PATH = '/api/push/key';

export const pushKeys = {
  all: ['push'] as const,
  key: () => [...pushKeys.all, 'key'] as const,
  subscriptions: () => [...pushKeys.all, 'subscriptions'] as const,
  browser: () => [...pushKeys.all, 'browser'] as const,
};

/** The server's VAPID public key: what this browser subscribes with. */
export const pushKeyQueryOptions = queryOptions({
  queryKey: pushKeys.key(),
  queryFn: ({ signal }) => api.get<PushKey>(PUSH_KEY_PATH, { signal }),
});

/** The browsers where the signed-in person receives notifications. */
export const pushSubscriptionsQueryOptions = queryOptions({
  queryKey: pushKeys.subscriptions(),
  queryFn: ({ signal }) => api.get<PushSubscriptionList>(PUSH_SUBSCRIPTIONS_PATH, { signal }),
  staleTime: 0,
});

/** This browser's own subscription (the Push API), or null. */
export const browserSubscriptionQueryOptions = queryOptions({
  queryKey: pushKeys.browser(),
  queryFn: () => currentPushSubscription(),
  staleTime: 0,
  retry: false,
});

export const savePushSubscription = (subscription: PushSubscriptionJSON) =>
  api.post(PUSH_SUBSCRIPTIONS_PATH, subscription);

export const deletePushSubscription = (endpoint: string) => api.delete(PUSH_SUBSCRIPTIONS_PATH, { endpoint });
