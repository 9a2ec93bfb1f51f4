import { Outlet } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { TwoFactorPrompt } from '@/features/account/components/two-factor-prompt';
import { AppointmentLiveUpdates } from '@/features/appointments';
import { UnreadMessagesBadge } from '@/features/messages';
import { NotificationBell } from '@/features/notifications/components/notification-bell';

export function Component() {
  return (
    <AppShell
      area="doctor"
      notifications={<NotificationBell />}
      navBadges={{ [paths.doctor.messages.href()]: <UnreadMessagesBadge /> }}
    >
      <AppointmentLiveUpdates viewer="doctor" />
      <TwoFactorPrompt />
      <Outlet />
    </AppShell>
  );
}
