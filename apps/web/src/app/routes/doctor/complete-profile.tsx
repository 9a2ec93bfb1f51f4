import { CompleteProfilePage } from '@/features/doctors/components/complete-profile-page';

export function Component() {
  return <CompleteProfilePage />;
}
