import type { NotificationPage, UnreadCount } from '@pulsa/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTIFICATION_TEXT } from '../texts';
import { NOTIFICATIONS_PATH, notificationKeys } from './notification-keys';

export const markAllNotificationsRead = () => api.post<UnreadCount>(`${NOTIFICATIONS_PATH}/read-all`);

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { error: { title: NOTIFICATION_TEXT.markAllReadError } },
    mutationFn: markAllNotificationsRead,
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const now = new Date().toISOString();
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) =>
        page
          ? { ...page, unreadCount: 0, items: page.items.map((n) => ({ ...n, readAt: n.readAt ?? now })) }
          : page,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
