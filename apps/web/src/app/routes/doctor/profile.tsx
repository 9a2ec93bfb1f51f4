import { ProfilePage } from '@/features/doctors/components/profile-page';

export function Component() {
  return <ProfilePage />;
}
