import { SECTIONS } from '@/config/sections';
import { AdminPatientsPage } from '@/features/admin-patients/components/admin-patients-page';

export function Component() {
  return <AdminPatientsPage section={SECTIONS.admin.patients} />;
}
