import { SECTIONS } from '@/config/sections';
import { ImportSpecialtiesPage } from '@/features/specialties-admin/components/import-specialties-page';

export function Component() {
  return <ImportSpecialtiesPage section={SECTIONS.admin.importSpecialties} />;
}
