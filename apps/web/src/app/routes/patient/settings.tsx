import { AccountPreferences } from '@/components/layout/account-preferences';
import { SECTIONS } from '@/config/sections';
import { AccountSecurity } from '@/features/account/components/account-security';
import { ConsentCard } from '@/features/consultation/components/consent-card';
import { DataRightsSection } from '@/features/data-rights';

// The record shares the patient granted are listed in DataRightsSection's `consentsExtra` once the
// clinical record exists.
export function Component() {
  return (
    <div className="space-y-8">
      <AccountPreferences section={SECTIONS.patient.settings} />
      <ConsentCard />
      <AccountSecurity />
      <DataRightsSection area="patient" />
    </div>
  );
}
