import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { AUTH_TEXT } from '../texts';

export function SignInLink({ prompt = AUTH_TEXT.register.hasAccount }: { prompt?: string }) {
  return (
    <>
      {prompt}{' '}
      <Link to={paths.login.href()} className="font-medium text-primary hover:underline">
        {AUTH_TEXT.register.signIn}
      </Link>
    </>
  );
}
