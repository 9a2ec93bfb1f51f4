import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loadAppPages } from './app-pages.ts';
import { loadLandingPage } from './landing-page.ts';

const NOT_FOUND = { message: 'Recurso não encontrado.', code: 'not_found' };

/** The built HTML pages: the app's and the server-rendered landing page's template. */
const HTML_PAGES = ['index.html', 'landing.html'];

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
 * Serves the built SPA: hashed assets cached for a year, pages never cached, real files
 * (robots.txt, favicon) as themselves, and every other page path answered by the app's page, which
 * the server renders first for the public pages (app-pages.ts, landing-page.ts) and the client
 * router takes over. /api/* never falls back to the SPA.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const hasBuild = !!distDir && fs.existsSync(path.join(distDir, 'index.html'));
  if (!hasBuild || !distDir) {
    app.setNotFoundHandler((_request, reply) => reply.status(404).send(NOT_FOUND));
    return;
  }

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

  const pages = await loadAppPages(app, distDir);
  const landing = await loadLandingPage(app, distDir);

  const sendShell = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(pages.shell);

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const html = await pages.render(request);
      if (html !== null) {
        // The header differs per visitor (signed in or not), so no shared cache keeps it.
        return reply
          .header('cache-control', 'private, no-cache')
          .header('vary', 'cookie')
          .type('text/html; charset=utf-8')
          .send(html);
      }
    } catch (error) {
      request.log.error(
        { err: error },
        'the page could not be rendered on the server; the browser renders it',
      );
    }
    return sendShell(reply);
  };

  // The static plugin would answer the bare directory with 403; "/" is the landing page, rendered
  // here when the build has its renderer, and the app's own otherwise or if rendering fails.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if (landing) {
      try {
        return await landing.send(request, reply);
      } catch (error) {
        request.log.error({ err: error }, 'the landing page could not be rendered; serving the app');
      }
    }
    return sendShell(reply);
  });
  // The templates with their markers are not pages of their own.
  for (const file of ['/index.html', '/landing.html']) {
    app.get(file, { schema: { hide: true } }, (_request, reply) => reply.redirect('/', 301));
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url === '/api' || path.extname(url) !== '') {
      return reply.status(404).send(NOT_FOUND);
    }
    if (request.method === 'GET' || request.method === 'HEAD') return sendPage(request, reply);
    // A form sent before its page's script took over: show the page again, never act on it. The
    // form's fields never reach a URL or a log.
    if (request.method === 'POST') return reply.redirect(request.url, 303);
    return reply.status(404).send(NOT_FOUND);
  });
}
