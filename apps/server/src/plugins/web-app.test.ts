import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app.ts';

let app: FastifyInstance;
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', false);";
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-dist-'));
const WEB_PUBLIC = path.resolve(import.meta.dirname, '../../../web/public');

beforeAll(async () => {
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html lang="pt-BR"><head><script>${THEME_SCRIPT}</script></head><body>${'app '.repeat(400)}</body></html>`,
  );
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  // The web build copies these from apps/web/public to its root.
  for (const file of ['sw.js', 'manifest.webmanifest'])
    fs.copyFileSync(path.join(WEB_PUBLIC, file), path.join(dist, file));
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${'1'.repeat(3000)});`);
  app = await createTestApp({ webDistDir: dist });
});
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('serving the web app', () => {
  it('answers page routes with index.html, never cached', async () => {
    for (const url of [
      '/',
      '/login',
      '/login?redirect=%2Fpatient',
      '/patient/consultations',
      '/patient/consultations/',
      '/Patient/Consultations',
      `/patient/consultations/${crypto.randomUUID()}/pagamento`,
      '/admin/doctors/qualquer-id',
      '/consulta/123',
      '/specialties/cardiologia',
      '/medicos/dra-ana-souza-crm-sp-123456',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('lang="pt-BR"');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers an address the app has no page for with 404, still with the app (its not-found page)', async () => {
    for (const url of [
      '/rota/inexistente',
      '/pagina-que-nao-existe?x=1',
      '/patient/inexistente',
      '/admin/doctors/um/dois',
      '/loginx',
      '/consulta',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toContain('text/html');
      expect(res.body, url).toContain('lang="pt-BR"');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const head = await app.inject({ method: 'HEAD', url: '/rota/inexistente' });
    expect(head.statusCode).toBe(404);
  });

  it('serves robots.txt as the real file, not the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('User-agent');
  });

  it('serves the service worker and the web app manifest at the root, as themselves, checked again on each use', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain("addEventListener('push'");
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toMatchObject({ name: 'Pulsa', start_url: '/' });
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['content-encoding']).toBe('br');
  });

  it('answers missing files and unknown API paths with 404, not the SPA', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
    const api = await app.inject({ method: 'GET', url: '/api/missing' });
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
  });

  it("sends security headers with a CSP that allows only the build's own inline script", async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('documents the API at /api/docs from the route schemas', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.paths['/api/auth/register'].post.requestBody).toBeDefined();
    expect(doc.paths['/api/health'].get).toBeDefined();
  });
});
