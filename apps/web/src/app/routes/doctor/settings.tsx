import { AccountPreferences } from '@/components/layout/account-preferences';
import { SECTIONS } from '@/config/sections';

export function Component() {
  return <AccountPreferences section={SECTIONS.doctor.settings} />;
}
