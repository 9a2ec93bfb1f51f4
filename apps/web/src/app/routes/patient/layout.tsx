import { Outlet } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { AppointmentLiveUpdates } from '@/features/appointments';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

export function Component() {
  return (
    <AppShell area="patient" notifications={<NotificationBell />}>
      <AppointmentLiveUpdates viewer="patient" />
      <Outlet />
    </AppShell>
  );
}
