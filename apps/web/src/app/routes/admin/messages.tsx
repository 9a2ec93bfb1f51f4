import { AdminMessageReportsPage } from '@/features/messages';

export function Component() {
  return <AdminMessageReportsPage />;
}
