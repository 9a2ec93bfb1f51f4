import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ConfirmEmail } from '@/features/auth/components/confirm-email';
import { AUTH_TEXT } from '@/features/auth/texts';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout title={AUTH_TEXT.confirm.title}>
      <ConfirmEmail token={params.get('token')} />
    </AuthLayout>
  );
}
