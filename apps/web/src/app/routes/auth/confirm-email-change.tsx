import { useSearchParams } from 'react-router';
import { ConfirmEmailChange } from '@/features/account/components/confirm-email-change';
import { ACCOUNT_TEXT } from '@/features/account/texts';
import { AuthLayout } from '@/features/auth/components/auth-layout';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title={ACCOUNT_TEXT.confirmChange.title}>
      <ConfirmEmailChange token={params.get('token')} />
    </AuthLayout>
  );
}
