import { AccountPreferences } from '@/components/layout/account-preferences';
import { SECTIONS } from '@/config/sections';
import { AccountSecurity } from '@/features/account/components/account-security';
import { DataRightsSection } from '@/features/data-rights';
import { FollowUpSettingsCard } from '@/features/messages';

export function Component() {
  return (
    <div className="space-y-8">
      <AccountPreferences section={SECTIONS.doctor.settings} />
      <FollowUpSettingsCard />
      <AccountSecurity />
      <DataRightsSection area="doctor" />
    </div>
  );
}
