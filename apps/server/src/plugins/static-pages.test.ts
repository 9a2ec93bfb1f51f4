import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPatient, seedSpecialties } from '../db/factories.ts';
import { createTestApp, sessionCookieFrom } from '../test/test-app.ts';

/**
 * "/" and "/specialties" rendered on the server from the web build's template and renderer. The
 * renderer here is a stand-in that prints what it was given, so these tests check the server's
 * part: the data of the request, the headers, and the app as the fallback.
 */
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";
const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><!--page-head--><script>${THEME_SCRIPT}</script></head><body><div id="root"><!--page-body--></div></body></html>`;
const RENDERER = `export const staticPagePaths = ['/', '/specialties', '/login'];
export async function renderStaticPage(href, { user, listSpecialties, pricing }) {
  const url = new URL(href, 'http://x');
  if (url.pathname !== '/' && url.pathname !== '/specialties') return null; // as for a page it does not know
  if (user?.name === 'Quebra Página') throw new Error('renderer failed');
  const q = url.searchParams.get('q') ?? '';
  const [all, found, prices] = await Promise.all([listSpecialties({}), listSpecialties({ q }), pricing()]);
  return {
    head: '<title>Início | Pulsa</title>',
    body: '<p id="seen">' + url.pathname + ': ' + all.length + ' especialidades, ' + found.length + ' para "' + q + '", ' + prices.doctorCount + ' médicos, ' + (user ? user.name + ' ' + user.role : 'visitante') + ' $&</p>',
  };
}`;

const roots: string[] = [];
function buildDir(renderer: string | null): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-landing-'));
  roots.push(root);
  const dist = path.join(root, 'dist');
  fs.mkdirSync(dist);
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="pt-BR"><body>app</body></html>',
  );
  fs.writeFileSync(path.join(dist, 'static-page.html'), TEMPLATE);
  if (renderer !== null) {
    fs.mkdirSync(path.join(root, 'dist-ssr'));
    fs.writeFileSync(path.join(root, 'dist-ssr', 'render-static-page.js'), renderer);
  }
  return dist;
}
afterAll(() => {
  for (const root of roots) fs.rmSync(root, { recursive: true, force: true });
});

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ webDistDir: buildDir(RENDERER) });
  await seedSpecialties(app.db);
});

async function signedIn(fullName: string): Promise<string> {
  const user = await createPatient(app.db, { fullName });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password },
  });
  return sessionCookieFrom(res);
}

describe('the server-rendered landing page', () => {
  it('is rendered with the live catalogue, for a visitor, and never kept by a shared cache', async () => {
    const specialties = (await app.inject({ method: 'GET', url: '/api/specialties' })).json().items;
    expect(specialties.length).toBeGreaterThan(0);

    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>Início | Pulsa</title>');
    // "$&" in the page stays as written: the markers are replaced literally.
    expect(res.body).toContain(
      `<p id="seen">/: ${specialties.length} especialidades, ${specialties.length} para "", 0 médicos, visitante $&</p>`,
    );
    expect(res.body).not.toContain('<!--page-');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('renders the directory with the search in its address', async () => {
    const found = (await app.inject({ method: 'GET', url: '/api/specialties?q=cardio' })).json().items;
    expect(found.length).toBeGreaterThan(0);
    const res = await app.inject({ method: 'GET', url: '/specialties?q=cardio' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${found.length} para "cardio"`);
  });

  it('leaves to the app a page the renderer does not render', async () => {
    const res = await app.inject({ method: 'GET', url: '/login?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body>app</body>');
  });

  it('knows who is signed in from the session cookie', async () => {
    const cookie = await signedIn('Marina Souza');
    const res = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.body).toContain('Marina Souza patient');
    // Name and e-mail on the page: never stored, so it cannot reappear after Sair.
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("allows the template's inline theme script in the CSP by its hash", async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(String(res.headers['content-security-policy'])).toContain(`'sha256-${hash}'`);
  });

  it('serves the app itself when rendering fails, so the page still opens', async () => {
    const cookie = await signedIn('Quebra Página');
    const res = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body>app</body>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends a sign-in form posted before its script ran back to its page, acting on nothing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/login?redirect=%2Fpatient',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=ana%40exemplo.com.br&password=segredo',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?redirect=%2Fpatient');
  });

  it('answers any other post to a page as before', async () => {
    expect((await app.inject({ method: 'POST', url: '/register' })).statusCode).toBe(404);
  });

  it('does not serve the template as a page of its own', async () => {
    const res = await app.inject({ method: 'GET', url: '/static-page.html' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/');
  });
});

describe('a build without a working renderer', () => {
  it('answers "/" with the app when there is none', async () => {
    const bare = await createTestApp({ webDistDir: buildDir(null) });
    const res = await bare.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body>app</body>');
  });

  it('still starts, and answers "/" with the app, when the renderer cannot be loaded', async () => {
    const broken = await createTestApp({
      webDistDir: buildDir(
        "import 'a-package-that-is-not-installed';\nexport function renderStaticPage() {}",
      ),
    });
    const res = await broken.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body>app</body>');
  });
});
