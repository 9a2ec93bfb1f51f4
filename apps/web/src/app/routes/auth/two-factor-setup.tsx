import { type LoaderFunctionArgs, redirect, useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ReauthProvider } from '@/features/account/components/reauth';
import { TwoFactorEnrolment } from '@/features/account/components/two-factor-enrolment';
import { ACCOUNT_TEXT } from '@/features/account/texts';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { homeAfterSignIn, safeRedirect } from '@/features/auth/redirect';
import { sessionQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';

/** Signed-out visitors sign in first; an account already enrolled goes on to where it was heading. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await queryClient.ensureQueryData(sessionQueryOptions);
  const url = new URL(request.url);
  if (!user) throw redirect(paths.login.href(url.pathname + url.search));
  if (user.twoFactorEnabled) throw redirect(homeAfterSignIn(user.role, url.searchParams.get('redirect')));
  return null;
}

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('redirect');
  const done = async () => {
    const { user } = await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    await navigate(user ? homeAfterSignIn(user.role, next) : safeRedirect(next), { replace: true });
  };
  return (
    <AuthLayout title={ACCOUNT_TEXT.enrol.pageTitle} description={ACCOUNT_TEXT.enrol.pageDescription}>
      <ReauthProvider twoFactorEnabled={false}>
        <TwoFactorEnrolment onFinished={done} />
      </ReauthProvider>
    </AuthLayout>
  );
}
