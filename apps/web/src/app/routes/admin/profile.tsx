import { AccountProfile } from '@/components/layout/account-profile';
import { SECTIONS } from '@/config/sections';
import { AccountSecurity } from '@/features/account/components/account-security';

/** The admin's own account and its security (/admin/settings is the system's settings; decision 037). */
export function Component() {
  return (
    <div className="space-y-8">
      <AccountProfile section={SECTIONS.admin.profile} />
      <AccountSecurity />
    </div>
  );
}
