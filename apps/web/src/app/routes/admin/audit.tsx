import { SECTIONS } from '@/config/sections';
import { AuditPage } from '@/features/audit/components/audit-page';

export function Component() {
  return <AuditPage section={SECTIONS.admin.audit} />;
}
