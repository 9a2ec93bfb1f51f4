import { AccountProfile } from '@/components/layout/account-profile';
import { SECTIONS } from '@/config/sections';
import { ProfileForm } from '@/features/data-rights';

export function Component() {
  return (
    <div className="space-y-6">
      <AccountProfile section={SECTIONS.patient.profile} />
      <ProfileForm />
    </div>
  );
}
