import { SECTIONS } from '@/config/sections';
import { AdminConsultationsPage } from '@/features/appointments/components/admin-consultations-page';

export function Component() {
  return <AdminConsultationsPage section={SECTIONS.admin.consultations} />;
}
