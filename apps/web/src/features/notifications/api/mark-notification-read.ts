import type { NotificationPage, UnreadCount } from '@pulsa/shared/schemas/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTIFICATION_TEXT } from '../texts';
import { NOTIFICATIONS_PATH, notificationKeys } from './notification-keys';

export const markNotificationRead = (id: string) =>
  api.post<UnreadCount>(`${NOTIFICATIONS_PATH}/${encodeURIComponent(id)}/read`);

/** Marks one read at once on screen, then confirms with the server's count. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { error: { title: NOTIFICATION_TEXT.markReadError } },
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const now = new Date().toISOString();
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) => {
        if (!page) return page;
        const target = page.items.find((n) => n.id === id);
        if (!target || target.readAt) return page;
        return {
          ...page,
          unreadCount: Math.max(0, page.unreadCount - 1),
          items: page.items.map((n) => (n.id === id ? { ...n, readAt: now } : n)),
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
