import { SECTIONS } from '@/config/sections';
import { AdminPatientsPage } from '@/features/patients/components/admin-patients-page';

export function Component() {
  return <AdminPatientsPage section={SECTIONS.admin.patients} />;
}
