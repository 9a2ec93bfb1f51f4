import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { loadRouteModules } from './app/route-modules';
import { routes } from './app/routes';
import { APP_FAILED_EVENT, APP_HYDRATED_EVENT, readServerState } from './app/server-state';
import { startServiceWorker } from './lib/push';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (router: ReactNode): ReactNode => (
  <StrictMode>
    <AppProviders>{router}</AppProviders>
  </StrictMode>
);

/**
 * Tells the page's script (app-page.ts) that React has the whole page, once the hydration is
 * committed. A wrapper with one child: the tree, and so the ids React derives from it, stays the
 * server's.
 */
function AnnounceHydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
  return children;
}

/** Lets the browser paint and handle input before going on. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const serverState = readServerState();
if (serverState) {
  // A page the server rendered (the sign-in and sign-up forms, app-page.ts): its code first, then
  // React takes over the markup in place, in small slices so the page stays responsive while it
  // does. Text typed or filled in before that stays where it is (react-hook-form keeps a field
  // edited before the form registers it); a form sent or a button pressed meanwhile was held by
  // the page's script, which does it again once told React has the page. (No top-level await here:
  // the route chunks import from this one, which must therefore finish running first.)
  void loadRouteModules(routes, `${window.location.pathname}${window.location.search}`)
    .then(async () => {
      // Running the route modules, creating the router and starting the hydration are each a task of
      // their own: in one go they would hold the main thread of a slow phone for long.
      await nextTask();
      const router = createBrowserRouter(routes, { hydrationData: serverState });
      startServiceWorker((link) => void router.navigate(link));
      await nextTask();
      startTransition(() => {
        hydrateRoot(
          container,
          app(
            <AnnounceHydrated>
              <RouterProvider router={router} />
            </AnnounceHydrated>,
          ),
        );
      });
    })
    .catch(() => {
      // A route module that did not arrive: the page stays the server's plain form.
      document.dispatchEvent(new Event(APP_FAILED_EVENT));
    });
} else {
  const router = createBrowserRouter(routes);
  // The service worker shows push notifications; a click on one moves this tab to its link.
  startServiceWorker((link) => void router.navigate(link));
  createRoot(container).render(app(<RouterProvider router={router} />));
}
