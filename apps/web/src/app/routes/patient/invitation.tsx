import { useSearchParams } from 'react-router';
import { SECTIONS } from '@/config/sections';
import { DoctorInvitationPage } from '@/features/patients/components/doctor-invitation-page';

export function Component() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // A new link is a new invitation: nothing of the previous one's state carries over.
  return <DoctorInvitationPage key={token ?? ''} section={SECTIONS.patient.invitation} token={token} />;
}
