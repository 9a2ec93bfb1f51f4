import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CatalogService } from '../modules/catalog/catalog.service.ts';

/**
 * The landing page rendered on the server for each request (decision 005): the web build's
 * template (dist/landing.html) filled by its renderer (dist-ssr/render-landing.js, from
 * apps/web/src/static-page/render-landing.tsx) with this request's session and live catalogue.
 * The browser paints the whole page from the first response and runs only a few KB of script.
 */
interface LandingRenderer {
  renderLanding(data: { user: SessionUser | null; specialties: unknown[]; pricing: unknown }): {
    head: string;
    body: string;
  };
}

export interface LandingPage {
  send(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

export function landingRendererPath(distDir: string): string {
  return path.join(distDir, '..', 'dist-ssr', 'render-landing.js');
}

/** Null when the build has no server renderer; the app's index.html then serves "/". */
export async function loadLandingPage(
  app: FastifyInstance,
  distDir: string,
  rendererFile = landingRendererPath(distDir),
): Promise<LandingPage | null> {
  const templateFile = path.join(distDir, 'landing.html');
  if (!fs.existsSync(templateFile) || !fs.existsSync(rendererFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  let renderer: Partial<LandingRenderer>;
  try {
    renderer = (await import(pathToFileURL(rendererFile).href)) as Partial<LandingRenderer>;
  } catch (error) {
    app.log.error(
      { err: error, rendererFile },
      'the landing renderer could not be loaded; serving the app instead',
    );
    return null;
  }
  if (typeof renderer.renderLanding !== 'function') {
    app.log.warn({ rendererFile }, 'the landing renderer exports no renderLanding; serving the app instead');
    return null;
  }
  const render = renderer.renderLanding;
  const catalog = new CatalogService(app.db);

  return {
    async send(request, reply) {
      const [user, specialties, pricing] = await Promise.all([
        app.currentUser(request),
        catalog.listSpecialties(),
        catalog.pricing(),
      ]);
      const page = render({ user, specialties, pricing });
      const html = template
        .replace('<!--page-head-->', () => page.head)
        .replace('<!--page-body-->', () => page.body);
      // The header differs per visitor, so no shared cache keeps the page; a signed-in one (name,
      // e-mail) is not stored at all, so it cannot come back after Sair on a shared computer.
      return reply
        .header('cache-control', user ? 'no-store' : 'private, no-cache')
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(html);
    },
  };
}
