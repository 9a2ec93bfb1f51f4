import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type DataStrategyFunction,
  matchRoutes,
  StaticRouterProvider,
} from 'react-router';
import { paths } from '@/config/paths';
import { guestOnlyLoader } from '@/features/auth/guest-only';
import { type PageHead, PageHeadContext } from '@/lib/page-title';
import { createQueryClient } from '@/lib/query-client';
import { AppProviders } from './providers';
import { routes } from './routes';
import { APP_SCRIPTS_ELEMENT_ID, SERVER_STATE_ELEMENT_ID } from './server-state';

/**
 * The app's pages the server renders as HTML before the app runs, and the app then hydrates: the
 * sign-in and sign-up forms, so they paint from the first response (decision 005). Rendered from
 * the app's own route table and components — there is no other version of them — and only for a
 * visitor without a session; a signed-in one gets the app's index.html, whose loader sends them on.
 */
export const appPagePaths: readonly string[] = [paths.login.path, paths.register.path];

export interface RenderedAppPage {
  /** The page's <title> and meta description, in place of the template's. */
  head: string;
  /** The page's markup, for the root element. */
  body: string;
  /**
   * For after the root element: the router state the app hydrates with (a JSON <script> element)
   * and the app's scripts in a <template>, which the page's own script adds once it has painted.
   */
  tail: string;
}

const handler = createStaticHandler(routes);

/**
 * Loaders run as they do for a visitor without a session, the only one rendered here: the sign-in
 * and sign-up routes' loader (guestOnlyLoader) lets such a visitor stay, answering null. A route
 * with another loader is not rendered by the server at all (it would need the browser's session).
 */
const asGuest: DataStrategyFunction<unknown> = async ({ matches }) => {
  const results = await Promise.all(
    matches
      .filter((match) => match.shouldCallHandler())
      .map(async (match) => {
        const result = await match.resolve(async () => {
          if (match.route.loader === guestOnlyLoader) return null;
          throw new Error(`route ${match.route.id} has a loader the server cannot run`);
        });
        return [match.route.id, result] as const;
      }),
  );
  return Object.fromEntries(results);
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page at this address for a visitor without a session, or null for one the app renders alone.
 * `appScripts`: the app's <script> and modulepreload tags, as index.html has them.
 */
export async function renderAppPage(href: string, appScripts: string): Promise<RenderedAppPage | null> {
  const url = new URL(href, 'http://pulsa.local');
  const page = matchRoutes(routes, url.pathname)?.at(-1)?.route.path;
  if (!page || !appPagePaths.includes(page)) return null;

  const context = await handler.query(new Request(url), { dataStrategy: asGuest });
  if (context instanceof Response) return null;
  if (context.errors) throw new Error(`the page ${url.pathname} failed on the server`);

  const head: PageHead = {};
  const client = createQueryClient();
  const markup = renderToString(
    <StrictMode>
      <PageHeadContext.Provider value={head}>
        <AppProviders client={client}>
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </PageHeadContext.Provider>
    </StrictMode>,
  );
  client.clear();

  const state = { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
  return {
    head: [
      `<title>${escapeHtml(head.title ?? '')}</title>`,
      // No paint before the whole page is parsed (Chromium): the form is centred on the screen, and
      // a first paint of its top half would then shift as the rest arrives.
      `<link rel="expect" href="#${SERVER_STATE_ELEMENT_ID}" blocking="render" />`,
      ...(head.description ? [`<meta name="description" content="${escapeHtml(head.description)}" />`] : []),
    ].join('\n    '),
    body: markup,
    tail: [
      `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${scriptJson(state)}</script>`,
      `<template id="${APP_SCRIPTS_ELEMENT_ID}">${appScripts}</template>`,
    ].join('\n    '),
  };
}
