import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import type { SpecialtyDoctorsQuery } from '@pulsa/shared/schemas/catalog';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * The pages the server renders whole for each request and the browser never hydrates (decision
 * 005): the landing page, the specialty directory, each specialty and each approved doctor's page.
 * The web build's template (dist/static-page.html) is filled by its renderer
 * (dist-ssr/render-static-page.js, from apps/web/src/static-page/render-static-page.tsx) with this
 * request's session and live catalogue. The browser paints the whole page from the first response
 * and runs only a few KB of script. What anonymous visitors get is kept in the public cache
 * (decision 050) until the catalogue changes; a signed-in visitor's page is rendered for them.
 */
type RenderedPage = { status: 200 | 404; head: string; body: string } | { status: 302; location: string };

interface StaticPageRenderer {
  staticPagePaths: readonly string[];
  renderStaticPage(href: string, data: Record<string, unknown>): Promise<RenderedPage | null>;
}

export interface StaticPages {
  /** The route patterns the renderer renders. */
  paths: readonly string[];
  /** Sends this request's page and returns true, or returns false for a page the app renders. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/**
 * The live catalogue the pages are rendered from: the catalog module's reads, handed in by app.ts
 * (a plugin does not know the modules). A read of something that does not exist throws a 404.
 */
export interface StaticPageData {
  listSpecialties(filter: { q?: string; withDoctors?: boolean }): Promise<unknown>;
  pricing(): Promise<unknown>;
  getSpecialty(slug: string): Promise<unknown>;
  listSpecialtyDoctors(slug: string, query: SpecialtyDoctorsQuery): Promise<unknown>;
  getPublicDoctor(slug: string, reviewsPage?: number): Promise<unknown>;
  /** The platform's name, logo, default theme and maintenance mode (the platform settings). */
  platform(): Promise<unknown>;
}

export const STATIC_PAGE_TEMPLATE = 'static-page.html';

/** The answer of a catalogue read, or null when it is a 404 (an unknown slug, a doctor not listed). */
async function orNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) return null;
    throw error;
  }
}

/** Null when the build has no working renderer; the app's index.html then serves every page. */
export async function loadStaticPages(
  app: FastifyInstance,
  distDir: string,
  catalog: StaticPageData,
): Promise<StaticPages | null> {
  const templateFile = path.join(distDir, STATIC_PAGE_TEMPLATE);
  const rendererFile = path.join(distDir, '..', 'dist-ssr', 'render-static-page.js');
  if (!fs.existsSync(templateFile) || !fs.existsSync(rendererFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  let renderer: Partial<StaticPageRenderer>;
  try {
    renderer = (await import(pathToFileURL(rendererFile).href)) as Partial<StaticPageRenderer>;
  } catch (error) {
    app.log.error(
      { err: error, rendererFile },
      'the page renderer could not be loaded; the app serves every page',
    );
    return null;
  }
  if (typeof renderer.renderStaticPage !== 'function' || !Array.isArray(renderer.staticPagePaths)) {
    app.log.warn(
      { rendererFile },
      'the page renderer exports no renderStaticPage or staticPagePaths; the app serves every page',
    );
    return null;
  }
  const render = renderer.renderStaticPage;

  const renderFor = (request: FastifyRequest, user: SessionUser | null) =>
    render(request.url, {
      user,
      listSpecialties: (filter: { q?: string; withDoctors?: boolean }) => catalog.listSpecialties(filter),
      pricing: () => catalog.pricing(),
      getSpecialty: (slug: string) => orNull(catalog.getSpecialty(slug)),
      listSpecialtyDoctors: (slug: string, query: SpecialtyDoctorsQuery) =>
        catalog.listSpecialtyDoctors(slug, query),
      getPublicDoctor: (slug: string, reviewsPage?: number) =>
        orNull(catalog.getPublicDoctor(slug, reviewsPage)),
      platform: () => catalog.platform(),
    });

  const fill = (page: { head: string; body: string }) =>
    template.replace('<!--page-head-->', () => page.head).replace('<!--page-body-->', () => page.body);

  return {
    paths: renderer.staticPagePaths,
    async send(request, reply) {
      // Only a visitor with a session cookie can be signed in; everyone else shares one page.
      const user = app.sessionToken(request) ? await app.currentUser(request) : null;
      if (!user) {
        return app.publicCache
          .serve(request, reply, async () => {
            const page = await renderFor(request, null);
            if (!page) return null;
            if (page.status === 302) {
              await reply.redirect(page.location, 302);
              return null;
            }
            return { statusCode: page.status, contentType: 'text/html; charset=utf-8', body: fill(page) };
          })
          .then((sent) => sent || reply.sent);
      }
      const page = await renderFor(request, user);
      if (!page) return false;
      if (page.status === 302) {
        await reply.redirect(page.location, 302);
        return true;
      }
      // A signed-in page (name, email in the header) is kept nowhere, so it cannot come back
      // after Sair on a shared computer, nor reach anyone else.
      await reply
        .code(page.status)
        .header('cache-control', 'private, no-store')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(fill(page));
      return true;
    },
  };
}
