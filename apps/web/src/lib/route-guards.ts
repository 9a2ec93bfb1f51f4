import type { Role } from '@pulsa/shared/constants/roles';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { areaRedirect } from './area-access';
import { sessionQueryOptions } from './auth';
import { queryClient } from './query-client';

/**
 * Loader of a signed-in area: applies areaRedirect before any of the area's code runs. A
 * convenience only — every API route checks the session and role again.
 */
export function requireArea(area: Role) {
  return async ({ request }: LoaderFunctionArgs) => {
    const { user } = await queryClient.ensureQueryData(sessionQueryOptions);
    const url = new URL(request.url);
    const target = areaRedirect(user, area, url.pathname + url.search);
    if (target) throw redirect(target);
    return null;
  };
}
