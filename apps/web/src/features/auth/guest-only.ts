import { type LoaderFunctionArgs, redirect } from 'react-router';
import { sessionQueryOptions } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { homeAfterSignIn } from './redirect';

/**
 * Loader of the screens for signed-out visitors (sign-in, sign-up): someone already signed in goes
 * on to the page the link asked for, or to their own area. When the session cannot be checked the
 * screen opens as usual — the form works, and signing in settles it.
 */
export async function guestOnlyLoader({ request }: LoaderFunctionArgs) {
  let user = null;
  try {
    ({ user } = await queryClient.ensureQueryData(sessionQueryOptions));
  } catch {
    return null;
  }
  if (!user) return null;
  throw redirect(homeAfterSignIn(user.role, new URL(request.url).searchParams.get('redirect')));
}
