import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { ApiError, api } from './api-client';
import { sessionQueryOptions } from './auth';
import { PLATFORM_TEXT } from './messages';
import { detachPushSubscription } from './push';
import { SESSION_QUERY_KEY } from './query-client';

/**
 * True while this tab signs itself out: the live connection then hears its own session end, which is
 * no reason to send the user to the sign-in page (they are on their way to the landing page).
 */
export const signingOut = { current: false };

/** Ends the session on the server, forgets every cached answer and goes back to the landing page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: async () => {
      // This browser stops receiving the person's notifications while the session still lets it ask.
      await detachPushSubscription();
      return api.post<{ message: string }>('/api/auth/logout');
    },
    onMutate: () => {
      signingOut.current = true;
    },
    onSettled: () => {
      signingOut.current = false;
    },
    onSuccess: async () => {
      // Said before leaving: the landing page loads from the server and carries the latest toast
      // along when it takes over, which may happen before `navigate` resolves.
      toast.success(PLATFORM_TEXT.signOutSuccess);
      await navigate(paths.home.href());
      // Forget everything the signed-in user loaded; the session entry itself stays (now empty) so
      // the components watching it update at once.
      queryClient.setQueryData(sessionQueryOptions.queryKey, { user: null });
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
    onError: (error) => {
      toast.error(PLATFORM_TEXT.signOutError, {
        description: error instanceof ApiError ? error.message : undefined,
      });
    },
  });
  return { signOut: () => mutation.mutate(), isPending: mutation.isPending };
}
