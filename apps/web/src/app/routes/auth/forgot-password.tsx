import { AuthLayout } from '@/features/auth/components/auth-layout';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { SignInLink } from '@/features/auth/components/sign-in-link';
import { AUTH_TEXT } from '@/features/auth/texts';

export function Component() {
  return (
    <AuthLayout
      title={AUTH_TEXT.forgot.title}
      description={AUTH_TEXT.forgot.description}
      footer={<SignInLink prompt={AUTH_TEXT.forgot.remembered} />}
    >
      <ForgotPasswordForm />
    </AuthLayout>
  );
}
