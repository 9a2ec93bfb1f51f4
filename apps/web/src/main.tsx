import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { queryClient } from './lib/query-client';
import { readServerState } from './ssr/server-state';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * The route modules of this URL, loaded before hydrating: the server rendered them, so the first
 * client render must have them too, not a loading state.
 */
async function loadMatchedRouteModules(all: RouteObject[]): Promise<void> {
  const matches = matchRoutes(all, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}

// A page the server rendered (ssr/render-app-page.tsx) comes with its state and is hydrated;
// every other page is rendered here from scratch.
const serverState = readServerState();
if (serverState) {
  hydrate(queryClient, serverState.queries);
  await loadMatchedRouteModules(routes);
}
const router = createBrowserRouter(routes, serverState ? { hydrationData: serverState.router } : {});
const app = (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);
if (serverState) hydrateRoot(container, app);
else createRoot(container).render(app);
