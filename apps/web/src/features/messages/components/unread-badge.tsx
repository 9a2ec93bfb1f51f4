import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvent, useLiveReconnected } from '@/lib/live/live-provider';
import { messageKeys, useUnreadMessages } from '../api';
import { MESSAGES_UI as T } from '../texts';

/** The "Mensagens" item's count of unread messages, kept current by the live connection. */
export function UnreadMessagesBadge() {
  const query = useUnreadMessages();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
  useLiveEvent('message.new', refresh);
  useLiveEvent('message.read', refresh);
  useLiveReconnected(refresh);
  const n = query.data ?? 0;
  if (n === 0) return null;
  return (
    <span
      data-testid="messages-unread"
      className="ml-auto grid h-5 min-w-5 place-items-center rounded-full bg-primary px-1.5 font-semibold text-[11px] text-primary-foreground"
    >
      <span aria-hidden>{n > 99 ? '99+' : n}</span>
      <span className="sr-only">{T.unreadLabel(n)}</span>
    </span>
  );
}
