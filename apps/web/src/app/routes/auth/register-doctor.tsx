import { AuthLayout } from '@/features/auth/components/auth-layout';
import { RegisterForm } from '@/features/auth/components/register-form';
import { SignInLink } from '@/features/auth/components/sign-in-link';
import { guestOnlyLoader } from '@/features/auth/guest-only';
import { AUTH_TEXT } from '@/features/auth/texts';

/** Signed in already: off to their own area (or the page asked for). */
export const loader = guestOnlyLoader;

/** The same sign-up with the doctor type preselected. */
export function Component() {
  return (
    <AuthLayout
      title={AUTH_TEXT.register.title}
      pageTitle={AUTH_TEXT.register.doctorTitle}
      description={AUTH_TEXT.register.doctorDescription}
      footer={<SignInLink />}
    >
      <RegisterForm initialType="doctor" />
    </AuthLayout>
  );
}
