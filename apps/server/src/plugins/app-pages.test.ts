import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient } from '../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../test/test-app.ts';

/**
 * The sign-in and sign-up pages rendered on the server for the app to hydrate, from the web build's
 * template (app-page.html) and renderer (dist-ssr/render-app-page.js). The renderer here is a
 * stand-in that prints what it was given, so these tests check the server's part: who gets the
 * rendered page, what the template is filled with, the headers, and the app as the fallback.
 */
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);";
const APP_SCRIPTS =
  '<script type="module" crossorigin src="/assets/index-abc.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/framework-def.js">';
const INDEX = `<!doctype html><html lang="pt-BR"><head><title>Pulsa</title>${APP_SCRIPTS}</head><body><div id="root"></div>app</body></html>`;
const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><!--page-head--><script>${THEME_SCRIPT}</script><script type="module" crossorigin src="/assets/app-page-123.js"></script></head><body><div id="root"><!--page-body--></div><!--page-state--></body></html>`;
const RENDERER = `export const appPagePaths = ['/login', '/register'];
export async function renderAppPage(href, appScripts) {
  const url = new URL(href, 'http://x');
  if (url.searchParams.has('quebra')) throw new Error('renderer failed');
  if (url.pathname !== '/login' && url.pathname !== '/register') return null;
  return {
    head: '<title>Acesse sua conta | Pulsa</title>',
    body: '<form method="post"><p id="seen">' + href + ' $&</p></form>',
    tail: '<script type="application/json" id="app-state">{}</script><template id="app-scripts">' + appScripts + '</template>',
  };
}`;

const roots: string[] = [];
function buildDir(renderer: string | null): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-app-pages-'));
  roots.push(root);
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'app-page.html'), TEMPLATE);
  if (renderer !== null) {
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'render-app-page.js'), renderer);
  }
  return dist;
}
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ webDistDir: buildDir(RENDERER) });
});

describe('the sign-in and sign-up pages rendered for the app to hydrate', () => {
  it('are rendered for a visitor into the template, with the app’s scripts kept for later', async () => {
    for (const url of ['/login?redirect=%2Fpatient', '/register']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>Acesse sua conta | Pulsa</title>');
      // "$&" in the page stays as written: the markers are replaced literally.
      expect(res.body).toContain(
        `<div id="root"><form method="post"><p id="seen">${url} $&</p></form></div>`,
      );
      expect(res.body).toContain(
        `<template id="app-scripts">${APP_SCRIPTS.replace('\n    ', '')}</template>`,
      );
      expect(res.body).not.toContain('<!--page-');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(String(res.headers.vary)).toMatch(/cookie/i);
    }
  });

  it('leaves a signed-in visitor to the app, whose page sends them to their area', async () => {
    const user = await createPatient(app.db, { fullName: 'Helena Prado' });
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: user.password },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/login',
      headers: { cookie: sessionCookieFrom(login) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it('serves the app itself when rendering fails, so the page still opens', async () => {
    const res = await app.inject({ method: 'GET', url: '/login?quebra=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
  });

  it("allows the template's inline theme script in the CSP by its hash", async () => {
    const res = await app.inject({ method: 'GET', url: '/register' });
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });

  it('sends a form posted before the app took it over back to its page, reading nothing', async () => {
    for (const origin of [undefined, 'null']) {
      const res = await app.inject({
        method: 'POST',
        url: '/login?redirect=%2Fpatient',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin ? { origin } : {}),
          'sec-fetch-site': 'same-origin',
        },
        payload: 'email=ana%40exemplo.com&password=segredo-123',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/login?redirect=%2Fpatient');
      expect(res.body).not.toContain('segredo');
    }
    const register = await app.inject({
      method: 'POST',
      url: '/register',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="password"\r\n\r\nsegredo\r\n--x--\r\n',
    });
    expect(register.statusCode).toBe(303);
    expect(register.headers.location).toBe('/register');
  });

  it('does not serve the template as a page of its own', async () => {
    const res = await app.inject({ method: 'GET', url: '/app-page.html' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });
});

describe('a build without the app page renderer', () => {
  it('answers the sign-in page with the app, and a post to it with 404', async () => {
    const bare = await createTestApp({ webDistDir: buildDir(null) });
    const res = await bare.inject({ method: 'GET', url: '/login' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect((await bare.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });
});
