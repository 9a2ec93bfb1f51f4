import { SPECIALTY_ADMIN_MESSAGES as M } from '@pulsa/shared/schemas/specialties-admin';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog, doctorProfiles, specialties } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

let app: FastifyInstance;
const cookies = { admin: '', patient: '', doctor: '' };
let adminId = '';

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
const csv = (text: string, bom = false) => ({
  fileName: 'especialidades.csv',
  contentBase64: Buffer.concat([
    Buffer.from(bom ? [0xef, 0xbb, 0xbf] : []),
    Buffer.from(text, 'utf8'),
  ]).toString('base64'),
});
const preview = (body: object, cookie = cookies.admin) =>
  call('POST', '/api/admin/specialties/import/preview', cookie, body);
const importCsv = (body: object, cookie = cookies.admin) =>
  call('POST', '/api/admin/specialties/import', cookie, body);
const specialtyBySlug = async (slug: string) =>
  (await app.db.select().from(specialties).where(eq(specialties.slug, slug)))[0];

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createAdmin(app.db, { fullName: 'Beatriz Admin' });
  adminId = admin.id;
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
  const patient = await createPatient(app.db);
  cookies.patient = await signIn(patient.email, patient.password);
});

describe('the built-in list (the spec’s one-time button)', () => {
  it('loads the 51 into an empty list once, audited; refused with the count once any exist', async () => {
    const status = await call('GET', '/api/admin/specialties/built-in', cookies.admin);
    expect(status.json()).toEqual({ existing: 0, builtIn: 51, canLoad: true });
    const load = await call('POST', '/api/admin/specialties/built-in', cookies.admin);
    expect(load.statusCode).toBe(200);
    expect(load.json()).toEqual({ created: 51 });
    const again = await call('POST', '/api/admin/specialties/built-in', cookies.admin);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.builtInAlreadyLoaded(51));
    expect((await call('GET', '/api/admin/specialties/built-in', cookies.admin)).json()).toMatchObject({
      existing: 51,
      canLoad: false,
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'specialty.built_in_loaded'));
    expect(entry).toMatchObject({ actorId: adminId, after: { created: 51 } });
  });
});

describe('CSV import', () => {
  const FILE = [
    'nome;descrição;ícone',
    'Medicina do Sono;Insônia e apneia.;moon',
    'cardiologia;Doenças do coração, atualizadas.;',
    'Dermatologia;;',
  ].join('\r\n');

  it('previews what the import then does, and importing twice changes nothing the second time', async () => {
    const before = await specialtyBySlug('cardiologia');
    const first = await preview(csv(FILE, true));
    expect(first.statusCode).toBe(200);
    const plan = first.json();
    expect(plan).toMatchObject({ encoding: 'utf-8', delimiter: ';', fileErrors: [] });
    expect(plan.summary).toEqual({ create: 1, update: 1, unchanged: 1, errors: 0 });
    expect(plan.rows.map((r: { line: number; action: string }) => [r.line, r.action])).toEqual([
      [2, 'create'],
      [3, 'update'],
      [4, 'unchanged'],
    ]);
    // Matched by name without regard to case: the update keeps the address and the name.
    expect(plan.rows[1]).toMatchObject({
      matchedName: 'Cardiologia',
      name: 'Cardiologia',
      slug: 'cardiologia',
      changes: ['description'],
    });
    // A preview writes nothing.
    expect(await specialtyBySlug('medicina-do-sono')).toBeUndefined();

    const applied = await importCsv(csv(FILE, true));
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toEqual({ created: 1, updated: 1, unchanged: 1 });
    expect(await specialtyBySlug('medicina-do-sono')).toMatchObject({
      name: 'Medicina do Sono',
      icon: 'moon',
    });
    const cardio = await specialtyBySlug('cardiologia');
    expect(cardio).toMatchObject({ id: before?.id, description: 'Doenças do coração, atualizadas.' });

    const second = await importCsv(csv(FILE, true));
    expect(second.json()).toEqual({ created: 0, updated: 0, unchanged: 3 });
    expect((await preview(csv(FILE))).json().summary).toEqual({
      create: 0,
      update: 0,
      unchanged: 3,
      errors: 0,
    });
    expect(await app.db.$count(specialties)).toBe(52);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'specialty.imported'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorId: adminId, entityId: 'especialidades.csv' });
  });

  it('keeps the name of a specialty matched without accents or case; renames only through its slug', async () => {
    const hand = await specialtyBySlug('cirurgia-da-mao');
    expect(hand?.name).toBe('Cirurgia da Mão');
    const file = 'nome;descricao;slug\nCIRURGIA DA MAO;Mãos e punhos.;\nclinica geral;;\n';
    const plan = (await preview(csv(file))).json();
    expect(
      plan.rows.map((r: { name: string; action: string; changes: string[] }) => [
        r.name,
        r.action,
        r.changes,
      ]),
    ).toEqual([
      ['Cirurgia da Mão', 'update', ['description']],
      ['Clínica Geral', 'unchanged', []],
    ]);
    expect((await importCsv(csv(file))).json()).toEqual({ created: 0, updated: 1, unchanged: 1 });
    expect(await specialtyBySlug('cirurgia-da-mao')).toMatchObject({
      id: hand?.id,
      name: 'Cirurgia da Mão',
      description: 'Mãos e punhos.',
    });
    // The slug column naming the specialty asks for the file's spelling.
    const rename = 'nome;slug\nCirurgia da Mão e Punho;cirurgia-da-mao\n';
    expect((await preview(csv(rename))).json().rows[0]).toMatchObject({
      name: 'Cirurgia da Mão e Punho',
      action: 'update',
      changes: ['name'],
    });
    await importCsv(csv(rename));
    expect(await specialtyBySlug('cirurgia-da-mao')).toMatchObject({
      id: hand?.id,
      name: 'Cirurgia da Mão e Punho',
    });
  });

  it('reads "," with quotes, matches accents and case, and never duplicates', async () => {
    const file = 'name,description\n"NEUROLOGIA","Cérebro, nervos e medula."\nMedicina do  Sono,\n';
    const plan = (await preview(csv(file))).json();
    expect(plan.delimiter).toBe(',');
    expect(plan.rows.map((r: { action: string }) => r.action)).toEqual(['update', 'unchanged']);
    expect(plan.rows[0]).toMatchObject({ matchedName: 'Neurologia', changes: ['description'] });
    const pneumo = 'nome\nPneumologia\nPNEUMOLOGIA\n';
    const dup = (await preview(csv(pneumo))).json();
    expect(dup.rows[1]).toMatchObject({ action: 'error', errors: [M.duplicateInFile(2)] });
  });

  it('reads a Windows-1252 file (Excel’s plain CSV)', async () => {
    const latin1 = Buffer.from('nome;descricao\nGenética Clínica;Doenças hereditárias.\n', 'latin1');
    const plan = (await preview({ contentBase64: latin1.toString('base64') })).json();
    expect(plan.encoding).toBe('windows-1252');
    expect(plan.rows[0]).toMatchObject({ name: 'Genética Clínica', action: 'create', errors: [] });
  });

  it('explains each row’s problem in Portuguese, and a file with errors changes nothing', async () => {
    const long = 'x'.repeat(81);
    const file = [
      'nome;descricao;icone',
      ';Sem nome;',
      `${long};;`,
      'Urologia Pediátrica;;Ícone Ruim',
      'UrologiaÃ© Pediátrica;;',
      'Uma;Duas;heart;Quatro',
      'Nova Especialidade;;',
    ].join('\n');
    const plan = (await preview(csv(file))).json();
    expect(plan.summary).toMatchObject({ create: 1, errors: 5 });
    const errorsAt = (line: number) =>
      plan.rows.find((r: { line: number }) => r.line === line)?.errors as string[];
    expect(errorsAt(2)).toEqual([M.nameRequired]);
    expect(errorsAt(3)).toEqual([M.nameTooLong]);
    expect(errorsAt(4)).toEqual([M.iconInvalid]);
    expect(errorsAt(5)).toEqual([M.doubleEncoded]);
    expect(errorsAt(6)).toEqual([M.rowColumns(4, 3)]);
    const refused = await importCsv(csv(file));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.fixErrorsFirst);
    expect(await specialtyBySlug('nova-especialidade')).toBeUndefined();
  });

  it('refuses a file it cannot read as a whole, with why', async () => {
    expect((await preview(csv('descricao;icone\nAlgo;heart\n'))).json().fileErrors).toEqual([
      M.missingNameColumn,
    ]);
    const binary = { contentBase64: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]).toString('base64') };
    expect((await preview(binary)).json().fileErrors).toEqual([M.fileNotText]);
    const bad1252 = {
      contentBase64: Buffer.from([0x6e, 0x6f, 0x6d, 0x65, 0x0a, 0x81, 0x8d]).toString('base64'),
    };
    expect((await preview(bad1252)).json().fileErrors).toEqual([M.notUtf8]);
    const res = await importCsv(csv(''));
    expect(res.statusCode).toBe(400);
  });
});

describe('create, edit, deactivate', () => {
  it('creates and edits, refusing a name in use whatever its accents', async () => {
    const created = await call('POST', '/api/admin/specialties', cookies.admin, {
      name: 'Medicina Hiperbárica',
      description: 'Oxigenoterapia.',
      icon: 'wind',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ slug: 'medicina-hiperbarica', active: true, doctorCount: 0 });
    const clash = await call('POST', '/api/admin/specialties', cookies.admin, {
      name: 'medicina hiperbarica',
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ name: M.nameInUse });
    const edited = await call('PATCH', `/api/admin/specialties/${created.json().id}`, cookies.admin, {
      name: 'Medicina Hiperbárica e Feridas',
      description: '',
    });
    expect(edited.json()).toMatchObject({
      name: 'Medicina Hiperbárica e Feridas',
      slug: 'medicina-hiperbarica',
      description: null,
      icon: 'wind',
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'specialty.updated'), eq(auditLog.entityId, created.json().id)));
    expect(entry?.before).toMatchObject({ name: 'Medicina Hiperbárica', description: 'Oxigenoterapia.' });
    expect(entry?.after).toMatchObject({ name: 'Medicina Hiperbárica e Feridas', description: null });
  });

  it('a deactivated specialty leaves every search and new choice, while its doctor keeps it', async () => {
    const geriatria = await specialtyBySlug('geriatria');
    const doctor = await createDoctor(app.db, { specialtyId: geriatria?.id });
    cookies.doctor = await signIn(doctor.email, doctor.password);
    const publicList = async () =>
      ((await app.inject({ url: '/api/specialties' })).json().items as { slug: string }[]).map((s) => s.slug);
    expect(await publicList()).toContain('geriatria');

    const off = await call('POST', `/api/admin/specialties/${geriatria?.id}/status`, cookies.admin, {
      active: false,
      reason: 'Unificada com Clínica Geral',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ active: false, doctorCount: 1, listedDoctorCount: 1 });
    // The public list and page (shared cache renewed by the catalogue version; on PostgreSQL its
    // change notice arrives a few milliseconds after the commit), the filters, the select.
    await expect.poll(publicList).not.toContain('geriatria');
    expect((await app.inject({ url: '/api/specialties/geriatria' })).statusCode).toBe(404);
    // The doctor keeps it: the profile, the public page (without a link to the gone page), bookings.
    const [profile] = await app.db
      .select()
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, doctor.doctorId));
    expect(profile?.specialtyId).toBe(geriatria?.id);
    const page = await app.inject({ url: `/api/catalog/doctors/${profile?.slug}` });
    expect(page.json().specialty).toMatchObject({ slug: 'geriatria', active: false });
    const search = await call('GET', '/api/booking/doctors?pageSize=50&sort=name', cookies.patient);
    expect(search.statusCode).toBe(200);
    expect(search.json().items.map((d: { id: string }) => d.id)).toContain(doctor.doctorId);

    // A new doctor cannot choose it; the doctor who has it can still save the profile with it.
    const other = await createDoctor(app.db, { incomplete: true });
    const otherCookie = await signIn(other.email, other.password);
    const profileBody = {
      crmNumber: '445566',
      crmState: 'RJ',
      specialtyId: geriatria?.id,
      consultationPrice: 12000,
    };
    const refused = await call('PUT', '/api/doctor/profile', otherCookie, profileBody);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().fieldErrors).toHaveProperty('specialtyId');
    const kept = await call('PUT', '/api/doctor/profile', cookies.doctor, {
      crmNumber: profile?.crmNumber,
      crmState: profile?.crmState,
      specialtyId: geriatria?.id,
      consultationPrice: 13000,
    });
    expect(kept.statusCode).toBe(200);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'specialty.deactivated'), eq(auditLog.entityId, geriatria?.id as string)),
      );
    expect(entry).toMatchObject({ reason: 'Unificada com Clínica Geral', actorId: adminId });

    const again = await call('POST', `/api/admin/specialties/${geriatria?.id}/status`, cookies.admin, {
      active: false,
    });
    expect(again.statusCode).toBe(409);
    const on = await call('POST', `/api/admin/specialties/${geriatria?.id}/status`, cookies.admin, {
      active: true,
    });
    expect(on.json().active).toBe(true);
    await expect.poll(publicList).toContain('geriatria');
  });

  it('lists every specialty with its doctors, searched, filtered by status and paged by the server', async () => {
    const page = await call('GET', '/api/admin/specialties?q=cardiologia&pageSize=10', cookies.admin);
    expect(page.statusCode).toBe(200);
    expect(page.json().items.map((s: { slug: string }) => s.slug)).toEqual(['cardiologia']);
    const all = (await call('GET', '/api/admin/specialties?pageSize=10&page=2', cookies.admin)).json();
    expect(all).toMatchObject({ page: 2, pageSize: 10 });
    expect(all.total).toBeGreaterThan(50);
    const inactive = (await call('GET', '/api/admin/specialties?status=inactive', cookies.admin)).json();
    expect(inactive.items.every((s: { active: boolean }) => !s.active)).toBe(true);
  });
});

describe('only admins', () => {
  it('refuses patients and doctors on every specialty endpoint', async () => {
    const [some] = await app.db.select().from(specialties).limit(1);
    const requests: [method: 'GET' | 'POST' | 'PATCH', url: string, body?: object][] = [
      ['GET', '/api/admin/specialties'],
      ['POST', '/api/admin/specialties', { name: 'Invasora' }],
      ['PATCH', `/api/admin/specialties/${some?.id}`, { name: 'Invasora' }],
      ['POST', `/api/admin/specialties/${some?.id}/status`, { active: false }],
      ['GET', '/api/admin/specialties/built-in'],
      ['POST', '/api/admin/specialties/built-in'],
      ['POST', '/api/admin/specialties/import/preview', csv('nome\nInvasora\n')],
      ['POST', '/api/admin/specialties/import', csv('nome\nInvasora\n')],
    ];
    for (const cookie of [cookies.patient, cookies.doctor])
      for (const [method, url, body] of requests)
        expect((await call(method, url, cookie, body)).statusCode, `${method} ${url}`).toBe(403);
    expect(await specialtyBySlug('invasora')).toBeUndefined();
  });
});
