import type { AppNotification, NotificationPage } from '@pulsa/shared/schemas/notifications';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { ptBR } from 'date-fns/locale/pt-BR';
import { BellOff, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NOTIFICATION_TEXT as T } from '../texts';

export function NotificationList({
  query,
  onNavigate,
}: {
  query: UseQueryResult<NotificationPage>;
  onNavigate: () => void;
}) {
  if (query.isPending) {
    return (
      <div className="space-y-3 p-4">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="space-y-2 p-6 text-center text-sm" role="alert">
        <p className="text-muted-foreground">{T.loadError}</p>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          {T.retry}
        </Button>
      </div>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-6 py-8 text-center">
        <BellOff aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium text-sm">{T.empty}</p>
        <p className="text-muted-foreground text-xs">{T.emptyHint}</p>
      </div>
    );
  }
  return (
    <ul className="max-h-96 divide-y divide-border overflow-y-auto">
      {query.data.items.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} onNavigate={onNavigate} />
      ))}
    </ul>
  );
}

function NotificationItem({
  notification,
  onNavigate,
}: {
  notification: AppNotification;
  onNavigate: () => void;
}) {
  const markRead = useMarkNotificationRead();
  const unread = !notification.readAt;
  const when = formatDistanceToNow(new Date(notification.createdAt), { addSuffix: true, locale: ptBR });
  const read = () => {
    if (unread) markRead.mutate(notification.id);
  };

  const content = (
    <>
      <span className="flex items-center gap-2">
        {unread ? <span className="size-2 shrink-0 rounded-full bg-primary" aria-hidden /> : null}
        <span className={cn('text-sm', unread ? 'font-semibold' : 'font-medium')}>{notification.title}</span>
      </span>
      {notification.body ? (
        <span className="mt-0.5 block text-muted-foreground text-sm">{notification.body}</span>
      ) : null}
      <time dateTime={notification.createdAt} className="mt-1 block text-muted-foreground text-xs">
        {when}
      </time>
      {unread ? <span className="sr-only">{T.unread}</span> : null}
    </>
  );

  return (
    <li className={cn('flex items-start gap-2 px-4 py-3', unread && 'bg-primary/5')}>
      {notification.link ? (
        <Link
          to={notification.link}
          onClick={() => {
            read();
            onNavigate();
          }}
          className="min-w-0 flex-1 rounded-sm hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          {content}
        </Link>
      ) : (
        <div className="min-w-0 flex-1">{content}</div>
      )}
      {unread ? (
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`${T.markRead}: ${notification.title}`}
          onClick={read}
        >
          <Check aria-hidden />
        </Button>
      ) : null}
    </li>
  );
}
