import { SECTIONS } from '@/config/sections';
import { EmailsPage } from '@/features/audit/components/emails-page';

export function Component() {
  return <EmailsPage section={SECTIONS.admin.emails} />;
}
