import { ROLE_HOME } from '@pulsa/shared/constants/roles';
import { type LoaderFunctionArgs, redirect, useParams } from 'react-router';
import { AppShell } from '@/components/layout/app-shell';
import { paths } from '@/config/paths';
import { AppointmentLiveUpdates } from '@/features/appointments';
import { ConsultationDocumentsPanel } from '@/features/clinical-documents';
import { roomServices } from '@/features/consultation/api/room-services';
import { ConsultationRoom } from '@/features/consultation/components/consultation-room';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { sessionQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { useSession } from '@/lib/use-session';

/**
 * Only a signed-in patient or doctor reaches the room (the server still checks that they are this
 * appointment's patient or doctor); anyone else goes to the login or to their own area.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await queryClient.ensureQueryData(sessionQueryOptions);
  const url = new URL(request.url);
  if (!user) throw redirect(paths.login.href(url.pathname + url.search));
  if (user.role !== 'patient' && user.role !== 'doctor') throw redirect(ROLE_HOME[user.role]);
  return null;
}

export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const area = user?.role === 'doctor' ? 'doctor' : 'patient';
  return (
    <AppShell area={area} notifications={<NotificationBell />}>
      <AppointmentLiveUpdates viewer={area} />
      {/* A new address is a new room: nothing of the previous call carries over. */}
      <ConsultationRoom key={id} appointmentId={id} services={roomServices} />
      {/* Clinical documents: the doctor issues them beside the call and after it. */}
      {area === 'doctor' ? (
        <div className="mt-4">
          <ConsultationDocumentsPanel key={`documents-${id}`} appointmentId={id} />
        </div>
      ) : null}
    </AppShell>
  );
}
