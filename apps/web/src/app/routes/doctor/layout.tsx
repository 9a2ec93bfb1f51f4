import { Outlet } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { TwoFactorPrompt } from '@/features/account/components/two-factor-prompt';
import { AppointmentLiveUpdates } from '@/features/appointments';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

export function Component() {
  return (
    <AppShell area="doctor" notifications={<NotificationBell />}>
      <AppointmentLiveUpdates viewer="doctor" />
      <TwoFactorPrompt />
      <Outlet />
    </AppShell>
  );
}
