import { formatBRL } from '@pulsa/shared/format/money';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import {
  type PricingSummary,
  type PublicDoctor,
  type PublicDoctorProfile,
  publicDoctorQuerySchema,
  type SpecialtySummary,
} from '@pulsa/shared/schemas/catalog';
import type { PageResult } from '@pulsa/shared/schemas/common';
import type { PlatformInfo } from '@pulsa/shared/schemas/settings';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { paths } from '@/config/paths';
import { pricingQueryOptions } from '@/features/catalog/api/get-pricing';
import { type SpecialtyFilter, specialtiesQueryOptions } from '@/features/catalog/api/get-specialties';
import { bookingHrefFor } from '@/features/catalog/components/doctor-card';
import { directoryFilter } from '@/features/catalog/directory-filter';
import { doctorListQuery, doctorListRequest, doctorListState } from '@/features/catalog/doctor-list-state';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { MARKETING_TEXT } from '@/features/marketing/texts';
import { sessionQueryOptions } from '@/lib/auth';
import { documentTitle } from '@/lib/page-title';
import { platformQueryOptions } from '@/lib/platform';
import { createQueryClient } from '@/lib/query-client';
import { StaticRenderProvider } from '@/lib/static-render';
import { ThemeProvider } from '@/lib/theme-provider';
import { DoctorPage } from './pages/doctor';
import { Component as LandingPage } from './pages/landing';
import { SpecialtiesPage } from './pages/specialties';
import { SpecialtyPage } from './pages/specialty';

/** What the server reads for this request, on the renderer's asking. */
export interface StaticPageData {
  user: SessionUser | null;
  listSpecialties(filter: SpecialtyFilter): Promise<SpecialtySummary[]>;
  pricing(): Promise<PricingSummary>;
  /** Null for an unknown specialty. */
  getSpecialty(slug: string): Promise<SpecialtySummary | null>;
  listSpecialtyDoctors(
    slug: string,
    query: ReturnType<typeof doctorListRequest>,
  ): Promise<PageResult<PublicDoctor>>;
  /** Null for anyone who is not an approved, listed doctor. */
  getPublicDoctor(slug: string, reviewsPage?: number): Promise<PublicDoctorProfile | null>;
  /** The platform settings every page shows: name, logo, default theme, maintenance banner. */
  platform(): Promise<PlatformInfo>;
}

export type RenderedPage =
  | {
      status: 200 | 404;
      /** The <title>, the meta description and, where there is one, the structured data. */
      head: string;
      /** The page's markup, for the root element. */
      body: string;
    }
  /** The same page at a corrected address (a page number past the last). */
  | { status: 302; location: string };

interface PageContent {
  status: 200 | 404;
  title: string;
  description: string;
  element: ReactElement;
  structuredData?: object;
}

type Render = (
  url: URL,
  params: Record<string, string>,
  data: StaticPageData,
) => Promise<PageContent | string>;

/** The specialty lists a page shows, each asked once (the whole catalogue and a search may be one). */
async function preloadSpecialties(client: QueryClient, filters: SpecialtyFilter[], data: StaticPageData) {
  // Keyed and asked as the landing page's components ask (specialtiesQueryOptions).
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

const bookingFor = (user: SessionUser | null) => (doctorId: string, slot?: string) =>
  bookingHrefFor(doctorId, user?.role ?? null, slot);

/**
 * The pages the server renders whole and never hydrates (decision 005): these are their only
 * version; the app sends a visitor to them with a full page load. Their few interactive parts are
 * driven by static-page/enhance.ts. A string answer is a redirect.
 */
const STATIC_PAGES: {
  path: string;
  render: Render;
  client?: (client: QueryClient, url: URL, data: StaticPageData) => Promise<void>;
}[] = [
  {
    path: paths.home.path,
    client: async (client, _url, data) => {
      const [, pricing] = await Promise.all([preloadSpecialties(client, [{}], data), data.pricing()]);
      client.setQueryData(pricingQueryOptions.queryKey, pricing);
    },
    render: async () => ({
      status: 200,
      title: MARKETING_TEXT.landing.title,
      description: MARKETING_TEXT.landing.metaDescription,
      element: <LandingPage />,
    }),
  },
  {
    path: paths.specialties.path,
    render: async (url, _params, data) => {
      const filter = directoryFilter(url.searchParams);
      const searching = filter.q !== '' || filter.withDoctors;
      const [all, results] = await Promise.all([
        data.listSpecialties({}),
        searching ? data.listSpecialties(filter) : null,
      ]);
      return {
        status: 200,
        title: CATALOG_TEXT.directory.title,
        description: CATALOG_TEXT.directory.metaDescription,
        element: <SpecialtiesPage all={all} results={results ?? all} filter={filter} />,
      };
    },
  },
  {
    path: paths.specialty.path,
    render: async (url, params, data) => {
      const slug = params.slug ?? '';
      const state = doctorListState(url.searchParams);
      const specialty = await data.getSpecialty(slug);
      const doctors = specialty ? await data.listSpecialtyDoctors(slug, doctorListRequest(state)) : null;
      const T = CATALOG_TEXT.specialty;
      if (!specialty || !doctors) {
        return {
          status: 404,
          title: T.notFoundTitle.replace(/\.$/, ''),
          description: T.notFoundHint,
          element: <SpecialtyPage specialty={null} doctors={null} state={state} bookingHref={() => null} />,
        };
      }
      // A page past the last one (an old link, a list that shrank) shows the last one.
      if (doctors.pageCount > 0 && state.page > doctors.pageCount) {
        return `${paths.specialty.href(slug)}${doctorListQuery({ ...state, page: doctors.pageCount })}`;
      }
      return {
        status: 200,
        title: specialty.name,
        description: T.metaDescription(specialty.name),
        element: (
          <SpecialtyPage
            specialty={specialty}
            doctors={doctors}
            state={state}
            bookingHref={bookingFor(data.user)}
          />
        ),
      };
    },
  },
  {
    path: paths.doctorProfile.path,
    render: async (url, params, data) => {
      const reviewsPage = publicDoctorQuerySchema.safeParse({
        avaliacoes: url.searchParams.get('avaliacoes') ?? undefined,
      });
      const doctor = await data.getPublicDoctor(
        params.slug ?? '',
        reviewsPage.success ? reviewsPage.data.avaliacoes : 1,
      );
      const T = CATALOG_TEXT.profile;
      if (!doctor) {
        return {
          status: 404,
          title: T.notFoundTitle.replace(/\.$/, ''),
          description: T.notFoundHint,
          element: <DoctorPage doctor={null} bookingHref={null} />,
        };
      }
      const crm = CATALOG_TEXT.doctor.crm(doctor.crmNumber, doctor.crmState);
      const price = formatBRL(doctor.consultationPrice);
      return {
        status: 200,
        title: T.title(doctor.name, doctor.specialty.name),
        description: T.metaDescription(
          doctor.name,
          doctor.specialty.name,
          crm,
          price,
          doctor.consultationMinutes,
        ),
        element: (
          <DoctorPage
            doctor={doctor}
            bookingHref={bookingFor(data.user)(doctor.id)}
            slotHref={(slot) => bookingFor(data.user)(doctor.id, slot)}
          />
        ),
        structuredData: physicianData(doctor),
      };
    },
  },
];

/** schema.org Physician, for search engines: who the doctor is, their CRM and what a consultation costs. */
function physicianData(doctor: PublicDoctorProfile): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Physician',
    name: doctor.name,
    url: paths.doctorProfile.href(doctor.slug),
    ...(doctor.photoUrl ? { image: doctor.photoUrl } : {}),
    ...(doctor.bio ? { description: doctor.bio } : {}),
    medicalSpecialty: doctor.specialty.name,
    identifier: {
      '@type': 'PropertyValue',
      propertyID: `CRM-${doctor.crmState}`,
      value: doctor.crmNumber,
    },
    availableService: {
      '@type': 'MedicalProcedure',
      name: CATALOG_TEXT.profile.minutes(doctor.consultationMinutes),
      offers: {
        '@type': 'Offer',
        price: (doctor.consultationPrice / 100).toFixed(2),
        priceCurrency: 'BRL',
      },
    },
    // Only approved reviews, and only the page shown: the sums come from all of them.
    ...(doctor.rating.count > 0 && doctor.rating.average !== null
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: doctor.rating.average.toFixed(1),
            reviewCount: doctor.rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: doctor.reviews.items.map((r) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: r.author },
            datePublished: r.createdAt.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            ...(r.comment ? { reviewBody: r.comment } : {}),
          })),
        }
      : {}),
  };
}

/** The addresses the server renders this way (route patterns); it serves the app's page for every other one. */
export const staticPagePaths: readonly string[] = STATIC_PAGES.map((page) => page.path);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => HTML_ESCAPES[c] ?? c);
/** JSON inside a <script> element: nothing in it can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page at this address as HTML, from the same components the app renders, with this request's
 * data already in place: no loading state, nothing to hydrate. Null for a page the app renders.
 */
export async function renderStaticPage(href: string, data: StaticPageData): Promise<RenderedPage | null> {
  const url = new URL(href, 'http://pulsa.local');
  let match: { page: (typeof STATIC_PAGES)[number]; params: Record<string, string> } | null = null;
  for (const page of STATIC_PAGES) {
    const found = matchPath(page.path, url.pathname);
    if (found) {
      match = { page, params: found.params as Record<string, string> };
      break;
    }
  }
  if (!match) return null;

  const client = createQueryClient();
  client.setQueryData(sessionQueryOptions.queryKey, { user: data.user });
  const platform = await data.platform();
  client.setQueryData(platformQueryOptions.queryKey, platform);
  const [content] = await Promise.all([
    match.page.render(url, match.params, data),
    match.page.client?.(client, url, data),
  ]);
  if (typeof content === 'string') return { status: 302, location: content };

  const body = renderToString(
    <StaticRenderProvider value={true}>
      <QueryClientProvider client={client}>
        <ThemeProvider>
          <StaticRouter location={`${url.pathname}${url.search}`}>{content.element}</StaticRouter>
        </ThemeProvider>
      </QueryClientProvider>
    </StaticRenderProvider>,
  );
  client.clear();

  const head = [
    `<title>${escapeHtml(documentTitle(content.title, platform.platformName))}</title>`,
    `<meta name="description" content="${escapeHtml(content.description)}" />`,
    ...(content.structuredData
      ? [`<script type="application/ld+json">${scriptJson(content.structuredData)}</script>`]
      : []),
  ].join('\n    ');
  return { status: content.status, head, body };
}
