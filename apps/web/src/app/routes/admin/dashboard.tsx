import { SECTIONS } from '@/config/sections';
import { AdminDashboard } from '@/features/admin-dashboard/components/admin-dashboard';

export function Component() {
  return <AdminDashboard section={SECTIONS.admin.dashboard} />;
}
