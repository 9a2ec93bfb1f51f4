import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { ApiError } from './api-client';
import type { ErrorReport } from './api-errors';

declare module '@tanstack/react-query' {
  interface Register {
    /** `error`: how a failure of this mutation is shown (toast title, form fields); see lib/api-errors.ts. */
    mutationMeta: { error?: ErrorReport<FieldValues> };
    /** `errorTitle`: a failed load shows this toast once (the screen still shows its own empty state). */
    queryMeta: { errorTitle?: string };
  }
}

const MINUTE = 60_000;
/** How long an answer is taken as fresh, unless a query says otherwise. */
export const DEFAULT_STALE_TIME = 5 * MINUTE;
const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** 4xx answers are final (not signed in, forbidden, invalid): only network and 5xx failures retry. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

/** Exponential back-off: 1 s, 2 s, 4 s … capped at 30 s (spec section 9). */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, MAX_RETRY_DELAY_MS);
}

/** The session query's key (lib/auth.ts builds its options on it). */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Shows a failure as lib/api-errors.ts does. That module brings the toasts (sonner), which the app
 * does not need before its first failure, so it loads then rather than with the app's first script.
 */
function showError(error: unknown, report: ErrorReport<FieldValues>) {
  void import('./api-errors').then(({ showApiError }) => showApiError(error, report));
}

export function createQueryClient(): QueryClient {
  // A 401 from any call means the session ended (expired, signed out elsewhere): re-check it, and
  // the signed-in shell sends the visitor to the login with the way back.
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    }
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (query.queryKey[0] !== SESSION_QUERY_KEY[0]) onError(error);
        if (query.meta?.errorTitle) showError(error, { title: query.meta.errorTitle });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        onError(error);
        if (mutation.meta?.error) showError(error, mutation.meta.error);
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: DEFAULT_STALE_TIME,
        gcTime: 5 * MINUTE,
        retry: shouldRetry,
        retryDelay,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** The app's single cache; route loaders (guards) and components share it. */
export const queryClient = createQueryClient();
