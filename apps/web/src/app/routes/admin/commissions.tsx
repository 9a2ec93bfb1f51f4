import { SECTIONS } from '@/config/sections';
import { CommissionsPage } from '@/features/commissions/components/commissions-page';

export function Component() {
  return <CommissionsPage section={SECTIONS.admin.commissions} />;
}
