import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { SignInLink } from '@/features/auth/components/sign-in-link';
import { AUTH_TEXT } from '@/features/auth/texts';

export function Component() {
  const [params] = useSearchParams();
  return (
    <AuthLayout
      title={AUTH_TEXT.reset.title}
      description={AUTH_TEXT.reset.description}
      footer={<SignInLink prompt={AUTH_TEXT.forgot.remembered} />}
    >
      <ResetPasswordForm token={params.get('token')} />
    </AuthLayout>
  );
}
