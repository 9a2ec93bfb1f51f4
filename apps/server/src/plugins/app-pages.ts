import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * The app's pages the server renders before the browser runs the app, which then hydrates them in
 * place (decision 005): the sign-in and sign-up forms, so they paint from the first response. The
 * renderer (dist-ssr/render-app-page.js, from apps/web/src/app/render-app-page.tsx) renders them
 * from the app's own route table and components for a visitor without a session, into the build's
 * template for them (dist/app-page.html): the page, its router state, and the app's scripts from
 * index.html, which the page's own small script adds once it has painted. A signed-in visitor gets
 * the plain index.html: the page's loader sends them to their area.
 */
interface AppPageRenderer {
  appPagePaths: readonly string[];
  renderAppPage(
    href: string,
    appScripts: string,
  ): Promise<{ head: string; body: string; tail: string } | null>;
}

export const APP_PAGE_TEMPLATE = 'app-page.html';

/** index.html's module script and modulepreload links: the app, as the template adds it later. */
function appScriptsOf(indexHtml: string): string {
  return [...indexHtml.matchAll(/<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g)]
    .map((match) => match[0])
    .join('');
}

export interface AppPages {
  /** The route patterns the renderer renders. */
  paths: readonly string[];
  /** Sends this request's page and returns true, or returns false when the app's index.html should. */
  send(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

/** Null when the build has no working renderer; index.html then serves these pages as any other. */
export async function loadAppPages(app: FastifyInstance, distDir: string): Promise<AppPages | null> {
  const rendererFile = path.join(distDir, '..', 'dist-ssr', 'render-app-page.js');
  const templateFile = path.join(distDir, APP_PAGE_TEMPLATE);
  if (!fs.existsSync(rendererFile) || !fs.existsSync(templateFile)) return null;
  const template = fs.readFileSync(templateFile, 'utf8');
  const appScripts = appScriptsOf(fs.readFileSync(path.join(distDir, 'index.html'), 'utf8'));
  if (!appScripts.includes('<script')) {
    app.log.warn('index.html has no module script; the app serves its pages itself');
    return null;
  }
  let renderer: Partial<AppPageRenderer>;
  try {
    renderer = (await import(pathToFileURL(rendererFile).href)) as Partial<AppPageRenderer>;
  } catch (error) {
    app.log.error({ err: error, rendererFile }, 'the app page renderer could not be loaded');
    return null;
  }
  const { renderAppPage, appPagePaths } = renderer;
  if (typeof renderAppPage !== 'function' || !Array.isArray(appPagePaths)) {
    app.log.warn({ rendererFile }, 'the app page renderer exports no renderAppPage or appPagePaths');
    return null;
  }

  const fill = (page: { head: string; body: string; tail: string }) =>
    template
      .replace('<!--page-head-->', () => page.head)
      .replace('<!--page-body-->', () => page.body)
      .replace('<!--page-state-->', () => page.tail);

  return {
    paths: appPagePaths,
    async send(request, reply) {
      if (app.sessionToken(request) && (await app.currentUser(request))) return false;
      const page = await renderAppPage(request.url, appScripts);
      if (!page) return false;
      await reply
        .code(200)
        .header('cache-control', 'no-cache')
        // Someone who signs in meanwhile gets the app's own page at the same address.
        .header('vary', 'cookie')
        .type('text/html; charset=utf-8')
        .send(fill(page));
      return true;
    },
  };
}

/**
 * A form of these pages sent before the app took it over (it has method="post" for that moment
 * only) comes back to its page: nothing is read from the body, and no password reaches an address.
 * The route changes nothing, so it needs no origin check (decision 030): a browser sends such a form
 * with `Origin: null` under the no-referrer policy, and a post from anywhere else only gets the same
 * answer.
 */
export async function registerAppPageForms(app: FastifyInstance, paths: readonly string[]) {
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      payload.on('end', () => done(null, undefined));
      payload.on('error', done);
      payload.resume();
    });
    for (const url of paths) {
      scope.post(url, { schema: { hide: true }, config: { csrf: false } }, (request, reply) =>
        reply.redirect(request.url, 303),
      );
    }
  });
}
