import { SECTIONS } from '@/config/sections';
import { AdminPaymentsPage } from '@/features/payments/components/admin-payments-page';

export function Component() {
  return <AdminPaymentsPage section={SECTIONS.admin.payments} />;
}
