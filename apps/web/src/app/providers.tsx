import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { queryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme-provider';

/**
 * The toasts' library (sonner) is not part of the app's first download: the toaster mounts once the
 * page has rendered. A toast raised before that is not lost (sonner replays what is still showing
 * when its toaster subscribes).
 */
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

function DeferredToaster() {
  const [mounted, setMounted] = useState(false);
  // After the first commit, so a page the server rendered hydrates to the same markup, and once the
  // browser is idle, so it never adds to the work of showing the page.
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setMounted(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setMounted(true), { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/**
 * Everything every page shares: the data cache, the theme and the toasts. `client`: the server
 * renders a page with a cache of its own for that request; the browser uses the app's one.
 */
export function AppProviders({
  children,
  client = queryClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        {children}
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
