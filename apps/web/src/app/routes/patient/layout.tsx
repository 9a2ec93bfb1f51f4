import { Outlet } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { AppointmentLiveUpdates } from '@/features/appointments';
import { UnreadMessagesBadge } from '@/features/messages';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { OnDemandCallAlert } from '@/features/on-demand';

export function Component() {
  return (
    <AppShell
      area="patient"
      notifications={<NotificationBell />}
      navBadges={{ [paths.patient.messages.href()]: <UnreadMessagesBadge /> }}
    >
      <AppointmentLiveUpdates viewer="patient" />
      <OnDemandCallAlert />
      <Outlet />
    </AppShell>
  );
}
