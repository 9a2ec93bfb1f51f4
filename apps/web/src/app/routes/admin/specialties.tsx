import { SECTIONS } from '@/config/sections';
import { AdminSpecialtiesPage } from '@/features/specialties-admin/components/admin-specialties-page';

export function Component() {
  return <AdminSpecialtiesPage section={SECTIONS.admin.specialties} />;
}
