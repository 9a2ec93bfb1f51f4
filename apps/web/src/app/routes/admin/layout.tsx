import { Outlet } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

export function Component() {
  return (
    <AppShell area="admin" notifications={<NotificationBell />}>
      <Outlet />
    </AppShell>
  );
}
