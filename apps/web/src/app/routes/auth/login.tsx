import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { LoginForm } from '@/features/auth/components/login-form';
import { guestOnlyLoader } from '@/features/auth/guest-only';
import { AUTH_TEXT } from '@/features/auth/texts';

const T = AUTH_TEXT.login;

/** Signed in already: off to their own area (or the page asked for). */
export const loader = guestOnlyLoader;

export function Component() {
  return (
    <AuthLayout
      title={T.title}
      description={T.description}
      footer={
        <>
          {T.noAccount}{' '}
          <Link to={paths.register.href()} className="font-medium text-primary hover:underline">
            {T.signUp}
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthLayout>
  );
}
