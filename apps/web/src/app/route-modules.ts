import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Loads the lazy modules of the routes matching `location` and puts what they export on the route
 * objects, as if they had never been lazy. A page the server rendered is hydrated only after this:
 * the router's first render must be the page itself, not the wait for its code.
 */
export async function loadRouteModules(routes: RouteObject[], location: string): Promise<void> {
  const lazy = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazy.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, { ...module, lazy: undefined });
    }),
  );
}
