import { SECTIONS } from '@/config/sections';
import { AdminOnDemandPage } from '@/features/on-demand/components/admin-on-demand-page';

export function Component() {
  return <AdminOnDemandPage section={SECTIONS.admin.onDemand} />;
}
