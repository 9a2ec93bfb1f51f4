import type { SessionUser } from '@pulsa/shared/schemas/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { Component as LandingPage } from '@/app/routes/public/landing';
import { pricingQueryOptions } from '@/features/catalog/api/get-pricing';
import { specialtiesQueryOptions } from '@/features/catalog/api/get-specialties';
import type { PricingSummary, SpecialtySummary } from '@/features/catalog/api/types';
import { MARKETING_TEXT } from '@/features/marketing/texts';
import { sessionQueryOptions } from '@/lib/auth';
import { documentTitle } from '@/lib/page-title';
import { StaticRenderProvider } from '@/lib/static-render';
import { ThemeProvider } from '@/lib/theme-provider';

/** What the landing page shows, read by the server for this request. */
export interface LandingData {
  user: SessionUser | null;
  specialties: SpecialtySummary[];
  pricing: PricingSummary;
}

export interface RenderedPage {
  /** The <title> and meta description. */
  head: string;
  /** The page's markup, for the root element. */
  body: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);

/**
 * The landing page as HTML, from the same components the app renders, with this request's data
 * already in place: no loading state, nothing to hydrate. The browser gets only the small script
 * of static-page/enhance.ts for the header.
 */
export function renderLanding(data: LandingData): RenderedPage {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(sessionQueryOptions.queryKey, { user: data.user });
  client.setQueryData(specialtiesQueryOptions().queryKey, data.specialties);
  client.setQueryData(pricingQueryOptions.queryKey, data.pricing);

  const body = renderToString(
    <StaticRenderProvider value={true}>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <StaticRouter location="/">
            <LandingPage />
          </StaticRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StaticRenderProvider>,
  );
  client.clear();

  const T = MARKETING_TEXT.landing;
  const head = `<title>${escapeHtml(documentTitle(T.title))}</title>\n    <meta name="description" content="${escapeHtml(T.metaDescription)}" />`;
  return { head, body };
}
