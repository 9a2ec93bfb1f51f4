import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { seedSpecialties } from '../db/built-in-catalogue.ts';
import { doctorProfiles, userProfiles } from '../db/schema.ts';
import { createDoctor, createPatient, setDoctorVerification } from '../seed/factories.ts';
import { createTestApp, sessionCookieFrom, testConfig } from '../test/test-app.ts';

/**
 * "/" and "/specialties" rendered on the server from the web build's template and renderer. The
 * renderer here is a stand-in that prints what it was given, so these tests check the server's
 * part: the data of the request, the headers, and the app as the fallback.
 */
const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";
const TEMPLATE = `<!doctype html><html lang="pt-BR"><head><!--page-head--><script>${THEME_SCRIPT}</script></head><body><div id="root"><!--page-body--></div></body></html>`;
const RENDERER = `export const staticPagePaths = ['/', '/specialties', '/specialties/:slug', '/medicos/:slug'];
globalThis.renders = 0;
export async function renderStaticPage(href, { user, listSpecialties, pricing, getSpecialty, listSpecialtyDoctors, getPublicDoctor }) {
  const url = new URL(href, 'http://x');
  if (user?.name === 'Quebra Página') throw new Error('renderer failed');
  const renders = ++globalThis.renders;
  const who = user ? user.name + ' ' + user.role : 'visitante';
  const doctorPage = url.pathname.match(/^\\/medicos\\/([^/]+)$/);
  if (doctorPage) {
    const doctor = await getPublicDoctor(doctorPage[1]);
    if (!doctor) return { status: 404, head: '<title>Médico não encontrado | Pulsa</title>', body: '<p id="seen">404 ' + who + '</p>' };
    return { status: 200, head: '<title>' + doctor.name + '</title>', body: '<p id="seen">' + doctor.name + ' ' + doctor.crmNumber + '/' + doctor.crmState + ' ' + doctor.consultationPrice + ' ' + doctor.specialty.name + ', ' + who + ' #' + renders + '</p>' };
  }
  const specialtyPage = url.pathname.match(/^\\/specialties\\/([^/]+)$/);
  if (specialtyPage) {
    const specialty = await getSpecialty(specialtyPage[1]);
    if (!specialty) return { status: 404, head: '', body: '<p id="seen">404</p>' };
    const page = Number(url.searchParams.get('page') ?? 1);
    const doctors = await listSpecialtyDoctors(specialty.slug, { page, pageSize: 10, sort: 'name', order: 'asc' });
    if (doctors.pageCount > 0 && page > doctors.pageCount) return { status: 302, location: url.pathname + '?page=' + doctors.pageCount };
    return { status: 200, head: '', body: '<p id="seen">' + specialty.name + ': ' + doctors.items.map((d) => d.name + ' ' + d.consultationPrice).join(', ') + ', ' + who + ' #' + renders + '</p>' };
  }
  if (url.pathname !== '/' && url.pathname !== '/specialties') return null; // as for a page it does not know
  const q = url.searchParams.get('q') ?? '';
  const [all, found, prices] = await Promise.all([listSpecialties({}), listSpecialties({ q }), pricing()]);
  return {
    status: 200,
    head: '<title>Início | Pulsa</title>',
    body: '<p id="seen">' + url.pathname + ': ' + all.length + ' especialidades, ' + found.length + ' para "' + q + '", ' + prices.doctorCount + ' médicos, ' + who + ' $&</p>',
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
  it('is rendered with the live catalogue, for a visitor, and kept for everyone until it changes', async () => {
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
    // A shared cache (a CDN) may keep it, and asks again with the ETag before each use.
    expect(res.headers['cache-control']).toBe('public, no-cache');
    expect(res.headers.etag).toMatch(/^"\d+-[\w-]+"$/);
    expect(String(res.headers.vary)).toMatch(/cookie/i);
  });

  it('renders the directory with the search in its address', async () => {
    const found = (await app.inject({ method: 'GET', url: '/api/specialties?q=cardio' })).json().items;
    expect(found.length).toBeGreaterThan(0);
    const res = await app.inject({ method: 'GET', url: '/specialties?q=cardio' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`${found.length} para "cardio"`);
  });

  it('leaves to the app a page the renderer does not render: sign-in is the app’s', async () => {
    const res = await app.inject({ method: 'GET', url: '/login?x=1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<body>app</body>');
  });

  it('knows who is signed in from the session cookie', async () => {
    const cookie = await signedIn('Marina Souza');
    const res = await app.inject({ method: 'GET', url: '/', headers: { cookie } });
    expect(res.body).toContain('Marina Souza patient');
    // Name and email on the page: never stored, so it cannot reappear after Sair.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.etag).toBeUndefined();
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

describe('the public pages under a crowd: one shared copy, renewed when what it shows changes', () => {
  let cache: FastifyInstance;
  let cardio: string;
  let ana: { id: string; doctorId: string };
  const slugOf = async (doctorId: string) =>
    (
      await cache.db
        .select({ slug: doctorProfiles.slug })
        .from(doctorProfiles)
        .where(eq(doctorProfiles.id, doctorId))
    )[0]?.slug as string;

  beforeAll(async () => {
    cache = await createTestApp({ webDistDir: buildDir(RENDERER) });
    const specialties = await seedSpecialties(cache.db);
    cardio = specialties.get('Cardiologia')?.id as string;
    ana = await createDoctor(cache.db, {
      fullName: 'Ana Lima',
      specialtyId: cardio,
      crmNumber: '123456',
      crmState: 'SP',
      consultationPrice: 20000,
    });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    cache.inject({ method: 'GET', url, headers });

  it('gives an approved doctor a page at the slug the approval names, kept for every visitor', async () => {
    expect(await slugOf(ana.doctorId)).toBe('ana-lima-crm-sp-123456');
    const first = await get('/medicos/ana-lima-crm-sp-123456');
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Ana Lima 123456/SP 20000 Cardiologia, visitante');
    const again = await get('/medicos/ana-lima-crm-sp-123456');
    // The same render: nothing was asked of the renderer the second time.
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
  });

  it('answers 304 to a visitor (or a CDN) holding the current copy', async () => {
    const first = await get('/medicos/ana-lima-crm-sp-123456');
    const etag = String(first.headers.etag);
    const revalidated = await get('/medicos/ana-lima-crm-sp-123456', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe(etag);
    expect((await get('/medicos/ana-lima-crm-sp-123456', { 'if-none-match': '"0-old"' })).statusCode).toBe(
      200,
    );
  });

  it('sends compressed copies to browsers that accept them', async () => {
    const res = await get('/specialties', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    // The stand-in page is small; the real ones are compressed (br) once per copy.
    expect(['br', undefined]).toContain(res.headers['content-encoding']);
  });

  it('renews the pages when a price changes, whoever changes it', async () => {
    const before = await get('/medicos/ana-lima-crm-sp-123456');
    const listBefore = await get('/specialties/cardiologia');
    expect(listBefore.body).toContain('Ana Lima 20000');
    await cache.db
      .update(doctorProfiles)
      .set({ consultationPrice: 25000 })
      .where(eq(doctorProfiles.id, ana.doctorId));
    // The announcement reaches the servers at commit (at once on the embedded database, a few
    // milliseconds later through PostgreSQL's listener connection).
    await expect
      .poll(async () => (await get('/medicos/ana-lima-crm-sp-123456')).body)
      .toContain('Ana Lima 123456/SP 25000');
    const after = await get('/medicos/ana-lima-crm-sp-123456');
    expect(after.body).toContain('Ana Lima 123456/SP 25000');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    // A CDN revalidating with the old ETag gets the new page.
    expect(
      (await get('/medicos/ana-lima-crm-sp-123456', { 'if-none-match': String(before.headers.etag) }))
        .statusCode,
    ).toBe(200);
    expect((await get('/specialties/cardiologia')).body).toContain('Ana Lima 25000');
  });

  it('renews the pages when a name changes', async () => {
    await get('/specialties/cardiologia');
    await cache.db
      .update(userProfiles)
      .set({ fullName: 'Ana Lima Prado' })
      .where(eq(userProfiles.id, ana.id));
    await expect
      .poll(async () => (await get('/specialties/cardiologia')).body)
      .toContain('Ana Lima Prado 25000');
  });

  it('answers 404 for an unknown slug and for a doctor not approved, and lists the newly approved', async () => {
    expect((await get('/medicos/ninguem-crm-sp-1')).statusCode).toBe(404);
    const bruno = await createDoctor(cache.db, {
      fullName: 'Bruno Teixeira',
      specialtyId: cardio,
      crmNumber: '998877',
      crmState: 'RJ',
      verificationStatus: 'pending',
    });
    expect(await slugOf(bruno.doctorId)).toBeNull();
    expect((await get('/medicos/bruno-teixeira-crm-rj-998877')).statusCode).toBe(404);
    expect((await get('/specialties/cardiologia')).body).not.toContain('Bruno');
    const home = await get('/');

    await setDoctorVerification(cache.db, bruno.doctorId, 'approved');
    await expect.poll(async () => (await get('/medicos/bruno-teixeira-crm-rj-998877')).statusCode).toBe(200);
    const page = await get('/medicos/bruno-teixeira-crm-rj-998877');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Bruno Teixeira 998877/RJ');
    expect((await get('/specialties/cardiologia')).body).toContain('Bruno Teixeira');
    expect((await get('/')).body).not.toBe(home.body);

    // Suspended, rejected: gone at once, at the same address.
    await setDoctorVerification(cache.db, bruno.doctorId, 'rejected', 'CRM não confere.');
    await expect.poll(async () => (await get('/medicos/bruno-teixeira-crm-rj-998877')).statusCode).toBe(404);
    expect((await get('/specialties/cardiologia')).body).not.toContain('Bruno');
  });

  it('never shows a signed-in visitor’s header to anyone else, nor a kept copy to them', async () => {
    const patient = await createPatient(cache.db, { fullName: 'Marina Souza' });
    const login = await cache.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: patient.email, password: patient.password },
    });
    const cookie = sessionCookieFrom(login);
    const anonymous = await get('/medicos/ana-lima-crm-sp-123456');
    const mine = await get('/medicos/ana-lima-crm-sp-123456', { cookie });
    expect(mine.body).toContain('Marina Souza patient');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const after = await get('/medicos/ana-lima-crm-sp-123456');
    expect(after.body).toBe(anonymous.body);
    expect(after.body).not.toContain('Marina');
    // A stale or forged cookie is a visitor, served the shared copy.
    const stranger = await get('/medicos/ana-lima-crm-sp-123456', { cookie: 'pulsa_session=nao-existe' });
    expect(stranger.body).toBe(anonymous.body);
  });

  it('sends a page number past the last to the last page, not kept', async () => {
    const res = await get('/specialties/cardiologia?page=7');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/specialties/cardiologia?page=1');
  });

  it('keeps the public catalogue API the same way, with ETag and 304, renewed on change', async () => {
    const first = await get('/api/specialties/cardiologia/doctors');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toContain('application/json');
    const etag = String(first.headers.etag);
    expect((await get('/api/specialties/cardiologia/doctors', { 'if-none-match': etag })).statusCode).toBe(
      304,
    );
    // Another address has its own copy.
    const other = await get('/api/specialties/cardiologia');
    expect(other.headers.etag).not.toBe(etag);

    await cache.db
      .update(doctorProfiles)
      .set({ consultationPrice: 30000 })
      .where(eq(doctorProfiles.id, ana.doctorId));
    await expect
      .poll(
        async () => (await get('/api/specialties/cardiologia/doctors', { 'if-none-match': etag })).statusCode,
      )
      .toBe(200);
    const renewed = await get('/api/specialties/cardiologia/doctors', { 'if-none-match': etag });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().items[0]).toMatchObject({ name: 'Ana Lima Prado', consultationPrice: 30000 });
    // Errors are not kept and say what they always said.
    const missing = await get('/api/specialties/nao-existe/doctors');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Especialidade não encontrada.');
  });

  it('stays right across instances: a change made through another server renews this one’s copy', async () => {
    const other = await buildApp(testConfig({ webDistDir: buildDir(RENDERER) }), cache.database, {
      logger: false,
    });
    await other.ready();
    try {
      const mine = await get('/api/catalog/doctors/ana-lima-crm-sp-123456');
      expect(mine.json().consultationPrice).toBe(30000);
      const theirs = await other.inject({
        method: 'GET',
        url: '/api/catalog/doctors/ana-lima-crm-sp-123456',
      });
      expect(theirs.json().consultationPrice).toBe(30000);
      await other.db
        .update(doctorProfiles)
        .set({ consultationPrice: 31000 })
        .where(eq(doctorProfiles.id, ana.doctorId));
      await expect
        .poll(async () => (await get('/api/catalog/doctors/ana-lima-crm-sp-123456')).json().consultationPrice)
        .toBe(31000);
    } finally {
      await other.close();
    }
  });
});
