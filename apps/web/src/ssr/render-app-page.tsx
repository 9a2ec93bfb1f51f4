import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchPath, StaticRouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/routes';
import { paths } from '@/config/paths';
import { specialtiesQueryOptions } from '@/features/catalog/api/get-specialties';
import type { SpecialtySummary } from '@/features/catalog/api/types';
import { sessionQueryOptions } from '@/lib/auth';
import { createQueryClient } from '@/lib/query-client';
import { serializeServerState } from './server-state';

/** What the server reads for this request, on the renderer's asking. */
export interface AppPageData {
  user: SessionUser | null;
  listSpecialties(filter: { q?: string; withDoctors?: boolean }): Promise<SpecialtySummary[]>;
}

export interface RenderedAppPage {
  /** The page's markup, for the root element. */
  body: string;
  /** The state the browser hydrates from (ssr/server-state.ts). */
  state: string;
}

type Preload = (client: QueryClient, url: URL, data: AppPageData) => Promise<void>;

const preloadSpecialties: Preload = async (client, url, data) => {
  const q = (url.searchParams.get('q') ?? '').slice(0, 100).trim();
  const withDoctors = url.searchParams.get('withDoctors') === '1';
  const filters = [{}, { q, withDoctors }];
  await Promise.all(
    filters.map(async (filter) => {
      client.setQueryData(specialtiesQueryOptions(filter).queryKey, await data.listSpecialties(filter));
    }),
  );
};

/**
 * The public pages the server renders before the app takes over (decision 005), each with the data
 * it shows first. Pages not listed here, and every signed-in area, start in the browser as before.
 */
const SERVER_RENDERED: { path: string; preload?: Preload }[] = [
  { path: paths.specialties.path, preload: preloadSpecialties },
  { path: paths.terms.path },
  { path: paths.privacy.path },
  { path: paths.help.path },
  { path: paths.login.path },
  { path: paths.register.path },
  { path: paths.registerDoctor.path },
  { path: paths.forgotPassword.path },
];

const handler = createStaticHandler(routes);

/**
 * The app's page for this URL as HTML, from the same routes and components the browser runs, with
 * its first data in place; null for a page the browser renders on its own.
 */
export async function renderAppPage(href: string, data: AppPageData): Promise<RenderedAppPage | null> {
  const url = new URL(href, 'http://pulsa.local');
  const page = SERVER_RENDERED.find((entry) => matchPath(entry.path, url.pathname));
  if (!page) return null;

  const context = await handler.query(new Request(url));
  if (context instanceof Response || context.errors) return null;

  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions.queryKey, { user: data.user });
  await page.preload?.(client, url, data);

  const router = createStaticRouter(handler.dataRoutes, context);
  const body = renderToString(
    <StrictMode>
      <AppProviders client={client}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  const state = serializeServerState({
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries: dehydrate(client),
  });
  client.clear();
  return { body, state };
}
