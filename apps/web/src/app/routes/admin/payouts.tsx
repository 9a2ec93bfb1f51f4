import { SECTIONS } from '@/config/sections';
import { AdminPayoutsPage } from '@/features/payouts';

export function Component() {
  return <AdminPayoutsPage section={SECTIONS.admin.payouts} />;
}
