import { AccountProfile } from '@/components/layout/account-profile';
import { SECTIONS } from '@/config/sections';

export function Component() {
  return <AccountProfile section={SECTIONS.patient.profile} />;
}
