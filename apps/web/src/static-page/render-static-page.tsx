import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Component as LoginPage } from '@/app/routes/auth/login';
import { Component as LandingPage } from '@/app/routes/public/landing';
import { Component as SpecialtiesPage } from '@/app/routes/public/specialties';
import { paths } from '@/config/paths';
import { AUTH_TEXT } from '@/features/auth/texts';
import { pricingQueryOptions } from '@/features/catalog/api/get-pricing';
import { type SpecialtyFilter, specialtiesQueryOptions } from '@/features/catalog/api/get-specialties';
import type { PricingSummary, SpecialtySummary } from '@/features/catalog/api/types';
import { directoryFilter } from '@/features/catalog/directory-filter';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { MARKETING_TEXT } from '@/features/marketing/texts';
import { sessionQueryOptions } from '@/lib/auth';
import { documentTitle } from '@/lib/page-title';
import { createQueryClient } from '@/lib/query-client';
import { StaticRenderProvider } from '@/lib/static-render';
import { ThemeProvider } from '@/lib/theme-provider';

/** What the server reads for this request, on the renderer's asking. */
export interface StaticPageData {
  user: SessionUser | null;
  listSpecialties(filter: SpecialtyFilter): Promise<SpecialtySummary[]>;
  pricing(): Promise<PricingSummary>;
}

export interface RenderedPage {
  /** The <title> and meta description. */
  head: string;
  /** The page's markup, for the root element. */
  body: string;
}

type Preload = (client: QueryClient, url: URL, data: StaticPageData) => Promise<void>;

interface StaticPage {
  path: string;
  Page: ComponentType;
  title: string;
  description: string;
  preload: Preload;
}

/** The specialty lists a page shows, each asked once (the whole catalogue and a search may be one). */
async function preloadSpecialties(client: QueryClient, filters: SpecialtyFilter[], data: StaticPageData) {
  // Keyed and asked as the app asks the API: the search trimmed (specialtiesQueryOptions).
  const keys = new Map(
    filters.map((filter) => {
      const { queryKey } = specialtiesQueryOptions(filter);
      return [JSON.stringify(queryKey), queryKey] as const;
    }),
  );
  await Promise.all(
    [...keys.values()].map(async (queryKey) => {
      client.setQueryData(queryKey, await data.listSpecialties(queryKey[2]));
    }),
  );
}

/**
 * The pages the server renders whole and never hydrates (decision 005), each with the data it
 * shows. Their few interactive parts are driven by static-page/enhance.ts. Reached from inside the
 * app, the same pages are rendered by the app as before.
 */
const STATIC_PAGES: StaticPage[] = [
  {
    path: paths.home.path,
    Page: LandingPage,
    title: MARKETING_TEXT.landing.title,
    description: MARKETING_TEXT.landing.metaDescription,
    preload: async (client, _url, data) => {
      const [, pricing] = await Promise.all([preloadSpecialties(client, [{}], data), data.pricing()]);
      client.setQueryData(pricingQueryOptions.queryKey, pricing);
    },
  },
  {
    path: paths.specialties.path,
    Page: SpecialtiesPage,
    title: CATALOG_TEXT.directory.title,
    description: CATALOG_TEXT.directory.metaDescription,
    preload: (client, url, data) => preloadSpecialties(client, [{}, directoryFilter(url.searchParams)], data),
  },
  {
    path: paths.login.path,
    Page: LoginPage,
    title: AUTH_TEXT.login.title,
    description: AUTH_TEXT.login.description,
    preload: async () => {},
  },
];

/** The addresses the server renders this way; it serves the app's page for every other one. */
export const staticPagePaths: readonly string[] = STATIC_PAGES.map((page) => page.path);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The page at this address as HTML, from the same components the app renders, with this request's
 * data already in place: no loading state, nothing to hydrate. Null for a page the app renders.
 */
export async function renderStaticPage(href: string, data: StaticPageData): Promise<RenderedPage | null> {
  const url = new URL(href, 'http://pulsa.local');
  const page = STATIC_PAGES.find((entry) => entry.path === url.pathname);
  if (!page) return null;

  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions.queryKey, { user: data.user });
  await page.preload(client, url, data);

  const { Page } = page;
  const body = renderToString(
    <StaticRenderProvider value={true}>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <Page />
          </StaticRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StaticRenderProvider>,
  );
  client.clear();

  const head = `<title>${escapeHtml(documentTitle(page.title))}</title>\n    <meta name="description" content="${escapeHtml(page.description)}" />`;
  return { head, body };
}
