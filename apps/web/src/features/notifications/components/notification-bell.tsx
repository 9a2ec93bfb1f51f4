import { useQueryClient } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { PushToggle } from '@/features/push';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllNotificationsRead } from '../api/mark-all-notifications-read';
import { notificationKeys } from '../api/notification-keys';
import { NOTIFICATION_TEXT as T } from '../texts';
import { NotificationList } from './notification-list';

/** The header bell: unread count on the icon, the latest notifications in a panel. */
export function NotificationBell() {
  const [open, setOpen] = useState(false);
  const query = useNotifications();
  const queryClient = useQueryClient();
  // A new notification, or a reconnection that may have missed some: read the bell again.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  useLiveEvent('notification', refresh);
  useLiveReconnected(refresh);
  const markAll = useMarkAllNotificationsRead();
  const unread = query.data?.unreadCount ?? 0;

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" className="relative" aria-label={T.bellLabel(unread)}>
          <Bell aria-hidden className="size-5!" />
          {unread > 0 ? (
            <span
              aria-hidden
              className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-destructive px-1 font-semibold text-[10px] text-destructive-foreground leading-none"
            >
              {unread > 9 ? '9+' : unread}
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-[min(24rem,calc(100vw-2rem))] p-0" aria-label={T.title}>
        <div className="flex items-center justify-between gap-2 border-border border-b px-4 py-3">
          <h2 className="font-semibold text-sm">{T.title}</h2>
          {unread > 0 ? (
            <Button
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              onClick={() => markAll.mutate()}
              disabled={markAll.isPending}
            >
              {T.markAllRead}
            </Button>
          ) : null}
        </div>
        <NotificationList query={query} onNavigate={() => setOpen(false)} />
        {/* The same notifications on this browser's screen while the Pulsa tab is closed. */}
        <PushToggle className="border-border border-t px-4 py-3" />
      </PopoverContent>
    </Popover>
  );
}
