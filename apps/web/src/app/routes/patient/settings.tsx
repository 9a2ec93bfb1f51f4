import { AccountPreferences } from '@/components/layout/account-preferences';
import { SECTIONS } from '@/config/sections';
import { AccountSecurity } from '@/features/account/components/account-security';
import { ConsentCard } from '@/features/consultation/components/consent-card';
import { DataRightsSection } from '@/features/data-rights';
import { RecordSharesCard } from '@/features/records';

export function Component() {
  return (
    <div className="space-y-8">
      <AccountPreferences section={SECTIONS.patient.settings} />
      <ConsentCard />
      <RecordSharesCard />
      <AccountSecurity />
      <DataRightsSection area="patient" />
    </div>
  );
}
