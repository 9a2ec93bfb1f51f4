import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CatalogService } from '../modules/catalog/catalog.service.ts';

/**
 * The app's public pages rendered on the server before the browser hydrates them (decision 005):
 * the web build's renderer (dist-ssr/render-app-page.js, from apps/web/src/ssr/render-app-page.tsx)
 * decides which pages it renders and asks for the data they show first.
 */
interface AppPageRenderer {
  renderAppPage(
    href: string,
    data: {
      user: SessionUser | null;
      listSpecialties(filter: { q?: string; withDoctors?: boolean }): Promise<unknown[]>;
    },
  ): Promise<{ body: string; state: string } | null>;
}

/** The markers in index.html where a rendered page and its state go. */
const BODY_MARKER = '<!--app-body-->';
const STATE_MARKER = '<!--app-state-->';

export interface AppPages {
  /** index.html with no page in it: the browser renders the page from scratch. */
  shell: string;
  /** index.html with this request's page rendered in it, or null for a page the browser renders. */
  render(request: FastifyRequest): Promise<string | null>;
}

export async function loadAppPages(app: FastifyInstance, distDir: string): Promise<AppPages> {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const fill = (body: string, state: string) =>
    template.replace(BODY_MARKER, () => body).replace(STATE_MARKER, () => state);
  const shell = fill('', '');

  const rendererFile = path.join(distDir, '..', 'dist-ssr', 'render-app-page.js');
  if (!fs.existsSync(rendererFile)) return { shell, render: async () => null };
  const renderer = (await import(pathToFileURL(rendererFile).href)) as Partial<AppPageRenderer>;
  if (typeof renderer.renderAppPage !== 'function') {
    app.log.warn(
      { rendererFile },
      'the page renderer exports no renderAppPage; the browser renders every page',
    );
    return { shell, render: async () => null };
  }
  const renderAppPage = renderer.renderAppPage;
  const catalog = new CatalogService(app.db);

  return {
    shell,
    async render(request) {
      const page = await renderAppPage(request.url, {
        user: await app.currentUser(request),
        listSpecialties: (filter) => catalog.listSpecialties(filter),
      });
      return page ? fill(page.body, page.state) : null;
    },
  };
}
