import { Outlet } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { AppointmentLiveUpdates } from '@/features/appointments';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

export function Component() {
  return (
    <AppShell area="admin" notifications={<NotificationBell />}>
      <AppointmentLiveUpdates viewer="admin" />
      <Outlet />
    </AppShell>
  );
}
