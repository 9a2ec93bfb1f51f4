import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from './auth';

/**
 * Who is signed in, for a component. Apart from lib/auth.ts, which the app's first script needs (its
 * guards read the session), so that query observers load with the pages that use them.
 */
export function useSession(): { user: SessionUser | null; isLoading: boolean } {
  const query = useQuery(sessionQueryOptions);
  return { user: query.data?.user ?? null, isLoading: query.isPending };
}
