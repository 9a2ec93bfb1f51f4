import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// The web app's own route table, read as it is (plain data, no imports): one list of the app's
// pages for the router and for this server.
import { isAppRoute } from '../../../web/src/config/paths.ts';
import { APP_PAGE_TEMPLATE, loadAppPages, registerAppPageForms } from './app-pages.ts';
import { sendNotFound } from './error-handler.ts';
import { loadStaticPages, STATIC_PAGE_TEMPLATE, type StaticPageData } from './static-pages.ts';

/**
 * The built HTML pages: the app's, the template of the pages the server renders whole, and the
 * template of the app's pages it renders for the app to hydrate.
 */
const HTML_PAGES = ['index.html', STATIC_PAGE_TEMPLATE, APP_PAGE_TEMPLATE];

/**
 * CSP sources for the inline scripts of the built pages (the pre-paint theme script): each allowed
 * by its SHA-256, so no other inline script can run.
 */
export function inlineScriptSources(distDir: string | undefined): string[] {
  if (!distDir) return [];
  const sources = new Set<string>();
  for (const page of HTML_PAGES) {
    const file = path.join(distDir, page);
    if (!fs.existsSync(file)) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)) {
      sources.add(
        `'sha256-${createHash('sha256')
          .update(match[1] ?? '')
          .digest('base64')}'`,
      );
    }
  }
  return [...sources];
}

/**
 * Serves the built SPA: hashed assets cached for a year, pages never cached, real files (robots.txt,
 * favicon) as themselves, the pages the server renders whole (static-pages.ts), and every other
 * page of the app's route table (apps/web/src/config/paths.ts) answered by index.html so the client
 * router can take over. An address the app has no page for gets index.html too — the app shows its
 * not-found page — but with status 404, so crawlers and links checkers see a missing page. /api/*
 * never falls back to the SPA.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  pageData: StaticPageData,
) {
  const hasBuild = !!distDir && fs.existsSync(path.join(distDir, 'index.html'));
  const pages = hasBuild && distDir ? await loadStaticPages(app, distDir, pageData) : null;
  const appPages = hasBuild && distDir ? await loadAppPages(app, distDir) : null;

  const sendApp = (reply: FastifyReply, status: 200 | 404 = 200) =>
    reply
      .code(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');

  if (hasBuild && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });

    // The pages the server renders whole (route patterns such as /medicos/:slug), when the build has
    // their renderer; the app's own page otherwise, or if rendering fails. ("/" is always one: it
    // spares the static plugin's 403.)
    const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        if (pages && (await pages.send(request, reply))) return reply;
      } catch (error) {
        request.log.error({ err: error }, 'the page could not be rendered on the server; serving the app');
      }
      return sendApp(reply);
    };
    for (const url of new Set(['/', ...(pages?.paths ?? [])])) {
      app.get(url, { schema: { hide: true } }, servePage);
    }
    // The app's pages the server renders before the app hydrates them (app-pages.ts), for visitors
    // without a session; the app's index.html for everyone else, or if rendering fails.
    if (appPages) {
      const serveAppPage = async (request: FastifyRequest, reply: FastifyReply) => {
        try {
          if (await appPages.send(request, reply)) return reply;
        } catch (error) {
          request.log.error({ err: error }, 'the page could not be rendered on the server; serving the app');
        }
        return sendApp(reply);
      };
      for (const url of appPages.paths) app.get(url, { schema: { hide: true } }, serveAppPage);
      await registerAppPageForms(app, appPages.paths);
    }
    // The templates with their markers are not pages of their own.
    for (const template of [STATIC_PAGE_TEMPLATE, APP_PAGE_TEMPLATE]) {
      app.get(`/${template}`, { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (url.startsWith('/api/') || url === '/api' || !wantsPage || !hasBuild || path.extname(url) !== '') {
      return sendNotFound(app, request, reply);
    }
    return sendApp(reply, isAppRoute(url) ? 200 : 404);
  });
}
