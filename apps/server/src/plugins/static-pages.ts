import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from '../modules/catalog/catalog.service.ts';

/**
 * The pages the server renders whole for each request and the browser never hydrates (decision
 * 005): the landing page and the specialty directory. The web build's template
 * (dist/static-page.html) is filled by its renderer (dist-ssr/render-static-page.js, from
 * apps/web/src/static-page/render-static-page.tsx) with this request's session and live catalogue.
 * The browser paints the whole page from the first response and runs only a few KB of script.
 */
interface StaticPageRenderer {
  staticPagePaths: readonly string[];
  renderStaticPage(
    href: string,
    data: {
      user: SessionUser | null;
      listSpecialties(filter: { q?: string; withDoctors?: boolean }): Promise<unknown[]>;
      pricing(): Promise<unknown>;
    },
  ): Promise<{ head: string; body: string } | null>;
}

export interface StaticPages {
  /** The addresses the renderer renders. */
  paths: readonly string[];
  /** Sends this request's page and returns true, or returns false for a page the app renders. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

export const STATIC_PAGE_TEMPLATE = 'static-page.html';

/** Null when the build has no working renderer; the app's index.html then serves every page. */
export async function loadStaticPages(app: FastifyInstance, distDir: string): Promise<StaticPages | null> {
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
  const catalog = new CatalogService(app.db);

  return {
    paths: renderer.staticPagePaths,
    async send(request, reply) {
      const user = await app.currentUser(request);
      const page = await render(request.url, {
        user,
        listSpecialties: (filter) => catalog.listSpecialties(filter),
        pricing: () => catalog.pricing(),
      });
      if (!page) return false;
      const html = template
        .replace('<!--page-head-->', () => page.head)
        .replace('<!--page-body-->', () => page.body);
      // The header differs per visitor, so no shared cache keeps the page; a signed-in one (name,
      // e-mail) is not stored at all, so it cannot come back after Sair on a shared computer.
      await reply
        .header('cache-control', user ? 'no-store' : 'private, no-cache')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(html);
      return true;
    },
  };
}
