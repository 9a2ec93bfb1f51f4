import { SECTIONS } from '@/config/sections';
import { AdminDoctorsPage } from '@/features/doctor-verification/components/admin-doctors-page';

export function Component() {
  return <AdminDoctorsPage section={SECTIONS.admin.doctors} />;
}
