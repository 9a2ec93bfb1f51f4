import type { NotificationPage } from '@pulsa/shared/schemas/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, withQuery } from '@/lib/api-client';
import { NOTIFICATIONS_PATH, notificationKeys } from './notification-keys';

const BELL_PAGE_SIZE = 10;

export const getNotifications = (signal?: AbortSignal) =>
  api.get<NotificationPage>(withQuery(NOTIFICATIONS_PATH, { pageSize: BELL_PAGE_SIZE }), { signal });

export const notificationsQueryOptions = queryOptions({
  queryKey: [...notificationKeys.all, 'bell'] as const,
  queryFn: ({ signal }) => getNotifications(signal),
  staleTime: 10_000,
  // No polling: the live connection says when something new arrives (notification-bell.tsx).
  refetchOnWindowFocus: true,
});

export function useNotifications() {
  return useQuery(notificationsQueryOptions);
}
