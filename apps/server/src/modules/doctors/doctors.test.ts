import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@pulsa/shared/constants/business';
import { UPLOAD_MESSAGES } from '@pulsa/shared/schemas/uploads';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import {
  appointments,
  doctorAgendaExceptions,
  doctorDocuments,
  doctorProfiles,
  emailOutbox,
  notifications,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { expectMalformedMultipartRefused, multipartFile } from '../../test/multipart.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { samplePdf, samplePng } from '../files/files.samples.ts';

let app: FastifyInstance;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-doctors-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

type Person = { id: string; email: string; cookie: string; doctorId?: string };
let admin: Person;
let patient: Person;
let newDoctor: Person; // signs up with an empty profile
let otherDoctor: Person; // complete, pending
let cardiologyId: string;
let pediatricsId: string;
let png: Buffer;
let pdf: Buffer;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (
  method: 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: unknown,
) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const upload = (url: string, cookie: string | undefined, bytes: Buffer, name: string, type?: string) => {
  const form = multipartFile(bytes, name, type);
  return app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
  });
};

const validProfile = () => ({
  crmNumber: '123456',
  crmState: 'SP',
  specialtyId: cardiologyId,
  consultationPrice: 25050,
  consultationMinutes: 30,
  timeZone: 'America/Sao_Paulo',
  bio: 'Cardiologista com 10 anos de experiência.',
  education: 'Medicina — USP (2010)',
  professionalExperience: 'Hospital das Clínicas (2012–2020)',
});

beforeAll(async () => {
  app = await createTestApp({ dataDir });
  const specialties = await seedSpecialties(app.db);
  cardiologyId = (specialties.get('Cardiologia') as { id: string }).id;
  pediatricsId = (specialties.get('Pediatria') as { id: string }).id;
  const a = await createAdmin(app.db, { fullName: 'Admin Júlia' });
  admin = { ...a, cookie: await signIn(a.email, a.password) };
  await enrolTwoFactor(app, admin.cookie);
  const p = await createPatient(app.db);
  patient = { ...p, cookie: await signIn(p.email, p.password) };
  const d1 = await createDoctor(app.db, { fullName: 'Dra. Ana Souza', incomplete: true });
  newDoctor = { ...d1, cookie: await signIn(d1.email, d1.password) };
  const d2 = await createDoctor(app.db, {
    fullName: 'Dr. João Conceição',
    crmNumber: '998877',
    crmState: 'RJ',
    specialtyId: pediatricsId,
    verificationStatus: 'pending',
  });
  otherDoctor = { ...d2, cookie: await signIn(d2.email, d2.password) };
  png = await samplePng();
  pdf = await samplePdf(['Carteira do CRM', 'Dra. Ana Souza — CRM 123456/SP']);
});

describe('the doctor completes the profile', () => {
  it('starts incomplete, with everything missing', async () => {
    const res = await call('GET', '/api/doctor/profile', newDoctor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({
      isComplete: false,
      verificationStatus: 'pending',
      consultationMinutes: 30,
      timeZone: 'America/Sao_Paulo',
      documents: { identity: null, crm: null },
      missing: ['profile', 'identity', 'crm'],
    });
  });

  it('refuses missing fields and a bad price with the spec’s messages, changing nothing', async () => {
    const res = await call('PUT', '/api/doctor/profile', newDoctor.cookie, {
      ...validProfile(),
      crmNumber: '',
      consultationPrice: 10.5,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      crmNumber: 'Campos obrigatórios',
      consultationPrice: 'Preço da consulta deve ser um número válido no formato 0.00.',
    });
    const shortCrm = await call('PUT', '/api/doctor/profile', newDoctor.cookie, {
      ...validProfile(),
      crmNumber: '12',
    });
    expect(shortCrm.json().fieldErrors.crmNumber).toBe('CRM deve ter no mínimo 3 caracteres');
    const badUf = await call('PUT', '/api/doctor/profile', newDoctor.cookie, {
      ...validProfile(),
      crmState: 'XX',
    });
    expect(badUf.json().fieldErrors.crmState).toBe('Campos obrigatórios');
    expect((await call('GET', '/api/doctor/profile', newDoctor.cookie)).json().isComplete).toBe(false);
  });

  it('refuses a CRM number + UF another doctor already has', async () => {
    const res = await call('PUT', '/api/doctor/profile', newDoctor.cookie, {
      ...validProfile(),
      crmNumber: '998877',
      crmState: 'RJ',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Já existe um médico cadastrado com este CRM neste estado',
      fieldErrors: { crmNumber: 'Já existe um médico cadastrado com este CRM neste estado' },
    });
  });

  it('saves the profile (price in centavos) and then lacks only the documents', async () => {
    const res = await call('PUT', '/api/doctor/profile', newDoctor.cookie, validProfile());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      backToReview: false,
      profile: {
        isComplete: true,
        crmNumber: '123456',
        crmState: 'SP',
        consultationPrice: 25050,
        specialty: { id: cardiologyId, name: 'Cardiologia' },
        education: 'Medicina — USP (2010)',
        missing: ['identity', 'crm'],
      },
    });
  });

  it('is for doctors only', async () => {
    expect((await call('GET', '/api/doctor/profile')).statusCode).toBe(401);
    expect((await call('GET', '/api/doctor/profile', patient.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/doctor/profile', admin.cookie)).statusCode).toBe(403);
    expect((await call('PUT', '/api/doctor/profile', patient.cookie, validProfile())).statusCode).toBe(403);
    expect((await call('GET', '/api/doctor/dashboard')).statusCode).toBe(401);
    expect((await call('GET', '/api/doctor/dashboard', patient.cookie)).statusCode).toBe(403);
  });
});

describe('documents', () => {
  let identityId: string;
  let crmId: string;

  it('refuses anonymous and non-doctor uploads', async () => {
    const anon = await upload('/api/doctor/documents/identity', undefined, png, 'rg.png');
    expect(anon.statusCode).toBe(401);
    expect(anon.json().message).toBe('Não autenticado');
    expect((await upload('/api/doctor/documents/identity', patient.cookie, png, 'rg.png')).statusCode).toBe(
      403,
    );
  });

  it('refuses an executable named .jpg, an empty file and 5 MB + 1 byte', async () => {
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(600, 0x90)]);
    const bad = await upload(
      '/api/doctor/documents/identity',
      newDoctor.cookie,
      exe,
      'foto.jpg',
      'image/jpeg',
    );
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe('Formato não suportado');
    const empty = await upload(
      '/api/doctor/documents/identity',
      newDoctor.cookie,
      Buffer.alloc(0),
      'vazio.pdf',
    );
    expect(empty.statusCode).toBe(400);
    const big = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1 - png.length)]);
    const tooBig = await upload('/api/doctor/documents/identity', newDoctor.cookie, big, 'grande.png');
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Arquivo muito grande');
    expect((await call('GET', '/api/doctor/profile', newDoctor.cookie)).json().documents.identity).toBeNull();
  });

  it('stores a PNG renamed .pdf as the PNG it is, named so, pending review', async () => {
    const res = await upload(
      '/api/doctor/documents/identity',
      newDoctor.cookie,
      png,
      'identidade.pdf',
      'application/pdf',
    );
    expect(res.statusCode).toBe(200);
    const doc = res.json().documents.identity;
    expect(doc).toMatchObject({
      kind: 'identity',
      status: 'pending',
      mimeType: 'image/png',
      fileName: 'identidade.png',
    });
    identityId = doc.id;
    expect(res.json().missing).toEqual(['crm']);
  });

  it('does not accept a second file while the first is in review', async () => {
    const res = await upload('/api/doctor/documents/identity', newDoctor.cookie, pdf, 'outra.pdf');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este documento já foi enviado e está em análise ou verificado');
  });

  it('accepts the CRM card as PDF; the profile then waits for review', async () => {
    const res = await upload(
      '/api/doctor/documents/crm',
      newDoctor.cookie,
      pdf,
      'Carteira CRM.pdf',
      'application/pdf',
    );
    expect(res.statusCode).toBe(200);
    crmId = res.json().documents.crm.id;
    expect(res.json().missing).toEqual(['review']);
  });

  it('refuses uploads before the profile is complete', async () => {
    const d = await createDoctor(app.db, { incomplete: true });
    const cookie = await signIn(d.email, d.password);
    const res = await upload('/api/doctor/documents/crm', cookie, pdf, 'crm.pdf');
    expect(res.statusCode).toBe(409);
  });

  it('serves a document to its owner and admins only, inline, never cached or sniffed', async () => {
    const url = `/api/doctor-documents/${identityId}/file`;
    const own = await call('GET', url, newDoctor.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('no-store');
    expect(own.headers['content-disposition']).toBe(
      `inline; filename="identidade.png"; filename*=UTF-8''identidade.png`,
    );
    expect(own.rawPayload.equals(png)).toBe(true);
    const byAdmin = await call('GET', `/api/doctor-documents/${crmId}/file?download=1`, admin.cookie);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.headers['content-type']).toBe('application/pdf');
    expect(byAdmin.headers['content-disposition']).toMatch(/^attachment; filename="Carteira CRM.pdf"/);
    // Another doctor never reads it (and cannot tell it exists); patients and visitors neither.
    expect((await call('GET', url, otherDoctor.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, patient.cookie)).statusCode).toBe(403);
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', '/api/doctor-documents/not-a-uuid/file', admin.cookie)).statusCode).toBe(400);
  });

  it('keeps the files under DATA_DIR/files, outside any public folder, with their type’s extension', () => {
    const files = fs.readdirSync(path.join(dataDir, 'files', 'documents'));
    expect(files).toEqual(expect.arrayContaining([`${identityId}.png`, `${crmId}.pdf`]));
  });

  it('names an image with HTML after it, sent as .html, after the PNG it is, kept and served', async () => {
    const d = await createDoctor(app.db);
    const cookie = await signIn(d.email, d.password);
    const polyglot = Buffer.concat([
      png,
      Buffer.from('<html><script>alert(document.cookie)</script></html>'),
    ]);
    const res = await upload('/api/doctor/documents/crm', cookie, polyglot, 'carteira-crm.html', 'text/html');
    expect(res.statusCode).toBe(200);
    const doc = res.json().documents.crm;
    expect(doc).toMatchObject({ mimeType: 'image/png', fileName: 'carteira-crm.png' });
    const [row] = await app.db.select().from(doctorDocuments).where(eq(doctorDocuments.id, doc.id));
    expect(row?.storageKey).toBe(`documents/${doc.id}.png`);
    const url = `/api/doctor-documents/${doc.id}/file?download=1`;
    const served = await call('GET', url, admin.cookie);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="carteira-crm.png"; filename*=UTF-8''carteira-crm.png`,
    );
    // A name kept before this rule is offered with its type's extension too.
    await app.db
      .update(doctorDocuments)
      .set({ fileName: 'carteira-crm.html' })
      .where(eq(doctorDocuments.id, doc.id));
    expect((await call('GET', url, admin.cookie)).headers['content-disposition']).toContain(
      'filename="carteira-crm.png"',
    );
    // Out of the way of the admin list's counts below.
    await app.db.delete(users).where(eq(users.id, d.id));
  });
});

describe('verification by the admin', () => {
  const detail = async () =>
    (await call('GET', `/api/admin/doctors/${newDoctor.doctorId}`, admin.cookie)).json();

  it('is for admins only', async () => {
    const url = `/api/admin/doctors/${newDoctor.doctorId}`;
    expect((await call('GET', url)).statusCode).toBe(401);
    expect((await call('GET', url, newDoctor.cookie)).statusCode).toBe(403);
    expect((await call('GET', url, patient.cookie)).statusCode).toBe(403);
    expect((await call('GET', '/api/admin/doctors', otherDoctor.cookie)).statusCode).toBe(403);
    const status = `/api/admin/doctors/${newDoctor.doctorId}/status`;
    expect((await call('PATCH', status, newDoctor.cookie, { status: 'approved' })).statusCode).toBe(403);
    expect((await call('PATCH', status, undefined, { status: 'approved' })).statusCode).toBe(401);
    const doc = (await detail()).documents[0].id;
    expect(
      (await call('PATCH', `/api/admin/doctor-documents/${doc}`, otherDoctor.cookie, { status: 'verified' }))
        .statusCode,
    ).toBe(403);
    expect((await call('GET', `/api/admin/doctors/${crypto.randomUUID()}`, admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it('shows the profile, every document and the history of uploads', async () => {
    const body = await detail();
    expect(body.profile).toMatchObject({ fullName: 'Dra. Ana Souza', verificationStatus: 'pending' });
    expect(body.documents.map((d: { kind: string }) => d.kind)).toEqual(['crm', 'identity']);
    expect(
      body.history.map((e: { subject: string; toStatus: string }) => `${e.subject}:${e.toStatus}`),
    ).toEqual(['crm:pending', 'identity:pending']);
  });

  it('requires a reason to reject a document; the doctor reads it, in the bell and by email', async () => {
    const identity = (await detail()).documents.find((d: { kind: string }) => d.kind === 'identity');
    const url = `/api/admin/doctor-documents/${identity.id}`;
    const noReason = await call('PATCH', url, admin.cookie, { status: 'rejected', reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fieldErrors.reason).toBe('Informe o motivo da rejeição');

    const res = await call('PATCH', url, admin.cookie, { status: 'rejected', reason: 'Foto ilegível' });
    expect(res.statusCode).toBe(200);
    expect(res.json().history[0]).toMatchObject({
      subject: 'identity',
      fromStatus: 'pending',
      toStatus: 'rejected',
      reason: 'Foto ilegível',
      actor: { name: 'Admin Júlia', role: 'admin' },
    });
    const own = (await call('GET', '/api/doctor/profile', newDoctor.cookie)).json();
    expect(own.documents.identity).toMatchObject({ status: 'rejected', rejectionReason: 'Foto ilegível' });
    expect(own.missing).toEqual(['identity_rejected']);

    const [bell] = await app.db.select().from(notifications).where(eq(notifications.userId, newDoctor.id));
    expect(bell).toMatchObject({ title: 'Documento de identidade rejeitado', link: '/doctor/profile' });
    const mails = await app.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, newDoctor.email));
    expect(mails.map((m) => m.subject)).toContain('Documento de identidade rejeitado');
    expect(mails.find((m) => m.kind === 'doctor_verification')?.text).toContain('Foto ilegível');

    expect(
      (await call('PATCH', url, admin.cookie, { status: 'rejected', reason: 'De novo' })).statusCode,
    ).toBe(409);
  });

  it('lets the doctor re-send a rejected document, which goes back to review', async () => {
    const res = await upload(
      '/api/doctor/documents/identity',
      newDoctor.cookie,
      await samplePng(300, 200, '#2563eb'),
      'rg-nova.png',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().documents.identity.status).toBe('pending');
    expect(res.json().missing).toEqual(['review']);
    const body = await detail();
    expect(body.documents).toHaveLength(3);
    expect(body.history[0]).toMatchObject({
      subject: 'identity',
      fromStatus: 'rejected',
      toStatus: 'pending',
    });
  });

  it('rejects the doctor only with a reason, which the doctor reads on the dashboard', async () => {
    const url = `/api/admin/doctors/${newDoctor.doctorId}/status`;
    expect((await call('PATCH', url, admin.cookie, { status: 'rejected' })).statusCode).toBe(400);
    const res = await call('PATCH', url, admin.cookie, {
      status: 'rejected',
      reason: 'CRM não confere com o nome',
    });
    expect(res.statusCode).toBe(200);
    const dash = (await call('GET', '/api/doctor/dashboard', newDoctor.cookie)).json();
    expect(dash).toMatchObject({
      verificationStatus: 'rejected',
      rejectionReason: 'CRM não confere com o nome',
    });
    // Saving the profile again asks for a new review.
    const saved = await call('PUT', '/api/doctor/profile', newDoctor.cookie, validProfile());
    expect(saved.json().profile.verificationStatus).toBe('pending');
    expect((await detail()).history[0]).toMatchObject({
      subject: 'doctor',
      fromStatus: 'rejected',
      toStatus: 'pending',
    });
  });

  it('refuses to approve a doctor who never sent the CRM card, saying why, and changes nothing', async () => {
    const url = `/api/admin/doctors/${otherDoctor.doctorId}/status`;
    const before = (await call('GET', `/api/admin/doctors/${otherDoctor.doctorId}`, admin.cookie)).json();
    expect(before.profile.documents.crm).toBeNull();
    const res = await call('PATCH', url, admin.cookie, { status: 'approved' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      message: 'Não é possível aprovar: o médico ainda não enviou a carteira do CRM.',
      code: 'crm_document_missing',
    });
    const after = (await call('GET', `/api/admin/doctors/${otherDoctor.doctorId}`, admin.cookie)).json();
    expect(after.profile).toMatchObject({ verificationStatus: 'pending', slug: null });
    expect(after.history).toEqual(before.history);
    const bells = await app.db.select().from(notifications).where(eq(notifications.userId, otherDoctor.id));
    expect(bells).toEqual([]);

    // Sent (still in review), the card no longer blocks the decision, which stays the admin's.
    const sent = await upload('/api/doctor/documents/crm', otherDoctor.cookie, pdf, 'crm.pdf');
    expect(sent.statusCode).toBe(200);
  });

  it('approves documents and the doctor: the public slug is set once, the doctor is told', async () => {
    const body = await detail();
    for (const kind of ['identity', 'crm']) {
      const current = body.profile.documents[kind];
      const res = await call('PATCH', `/api/admin/doctor-documents/${current.id}`, admin.cookie, {
        status: 'verified',
      });
      expect(res.statusCode).toBe(200);
    }
    const url = `/api/admin/doctors/${newDoctor.doctorId}/status`;
    const res = await call('PATCH', url, admin.cookie, { status: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({
      verificationStatus: 'approved',
      slug: 'dra-ana-souza-crm-sp-123456',
      missing: [],
    });
    const again = await call('PATCH', url, admin.cookie, { status: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('O médico já está com o status Aprovado');
    const bells = await app.db.select().from(notifications).where(eq(notifications.userId, newDoctor.id));
    expect(bells.map((n) => n.title)).toContain('Cadastro aprovado');
    // Each document's words agree with it: "o documento", "a carteira", and CRM in capitals.
    expect(bells.map((n) => [n.title, n.body])).toEqual(
      expect.arrayContaining([
        [
          'Documento de identidade verificado',
          'Seu documento de identidade foi verificado pela nossa equipe.',
        ],
        ['Carteira do CRM verificada', 'Sua carteira do CRM foi verificada pela nossa equipe.'],
      ]),
    );
  });

  it('sends an approved doctor back to review when CRM, UF or specialty change, keeping the slug', async () => {
    const price = await call('PUT', '/api/doctor/profile', newDoctor.cookie, {
      ...validProfile(),
      consultationPrice: 30000,
    });
    expect(price.json()).toMatchObject({ backToReview: false, profile: { verificationStatus: 'approved' } });
    const res = await call('PUT', '/api/doctor/profile', newDoctor.cookie, {
      ...validProfile(),
      specialtyId: pediatricsId,
    });
    expect(res.json()).toMatchObject({
      backToReview: true,
      profile: { verificationStatus: 'pending', slug: 'dra-ana-souza-crm-sp-123456' },
    });
    const [history] = (await detail()).history;
    expect(history).toMatchObject({
      subject: 'doctor',
      fromStatus: 'approved',
      toStatus: 'pending',
      reason: 'CRM, UF ou especialidade alterados pelo médico',
      actor: { role: 'doctor' },
    });
  });
});

describe('admin list', () => {
  const list = async (query: string) => {
    const res = await call('GET', `/api/admin/doctors${query}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; items: { fullName: string; crmNumber: string }[] };
  };
  const names = async (query: string) => (await list(query)).items.map((d) => d.fullName);

  it('searches name, email, specialty and "crm/uf", ignoring case and accents', async () => {
    expect(await names('?q=CONCEICAO')).toEqual(['Dr. João Conceição']);
    expect(await names(`?q=${encodeURIComponent('joão')}`)).toEqual(['Dr. João Conceição']);
    expect(await names(`?q=${encodeURIComponent('998877/rj')}`)).toEqual(['Dr. João Conceição']);
    expect(await names(`?q=${encodeURIComponent('pediatria')}`)).toEqual(
      expect.arrayContaining(['Dr. João Conceição', 'Dra. Ana Souza']),
    );
    expect(await names(`?q=${encodeURIComponent(newDoctor.email.toUpperCase())}`)).toEqual([
      'Dra. Ana Souza',
    ]);
    expect((await list('?q=ninguem')).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent('%')}`)).total).toBe(0);
  });

  it('keeps the search current when a name or a CRM changes', async () => {
    await app.db
      .update(userProfiles)
      .set({ fullName: 'Dr. João Conceição Filho' })
      .where(eq(userProfiles.id, otherDoctor.id));
    expect(await names('?q=filho')).toEqual(['Dr. João Conceição Filho']);
    await app.db
      .update(userProfiles)
      .set({ fullName: 'Dr. João Conceição' })
      .where(eq(userProfiles.id, otherDoctor.id));
    await app.db
      .update(doctorProfiles)
      .set({ crmNumber: '998878' })
      .where(eq(doctorProfiles.userId, otherDoctor.id));
    expect(await names(`?q=${encodeURIComponent('998878/RJ')}`)).toEqual(['Dr. João Conceição']);
  });

  it('filters by status, sorts and pages on the server', async () => {
    const all = await list('?pageSize=50');
    expect(all.total).toBe(3);
    expect((await list('?status=pending')).items.every((d) => d.fullName !== null)).toBe(true);
    const pending = ['Dr. João Conceição', 'Dra. Ana Souza', 'Dra. Helena Teste'];
    const sorted = (await names('?sort=name&order=asc&status=pending')).map((n) => n.replace(/ \d+$/, ''));
    expect(sorted).toEqual(pending);
    const reversed = (await names('?sort=name&order=desc&status=pending')).map((n) => n.replace(/ \d+$/, ''));
    expect(reversed).toEqual([...pending].reverse());
    expect(await names('?status=approved')).toEqual([]);
    const paged = await list('?pageSize=10&page=2');
    expect(paged.items).toEqual([]);
    const bad = await call('GET', '/api/admin/doctors?status=banana', admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status inválido');
  });
});

describe('profile photo', () => {
  it('is re-encoded as WebP without metadata, private until the doctor is approved', async () => {
    const res = await upload(
      '/api/doctor/photo',
      otherDoctor.cookie,
      await samplePng(1200, 900),
      'eu.png',
      'image/png',
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().avatarUrl;
    expect(url).toMatch(new RegExp(`^/api/doctors/${otherDoctor.doctorId}/photo\\?v=\\d+$`));
    const own = await call('GET', url, otherDoctor.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/webp');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const sharp = (await import('sharp')).default;
    const meta = await sharp(own.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(512);
    expect(meta.exif).toBeUndefined();
    expect((await call('GET', url)).statusCode).toBe(404);
    expect((await call('GET', url, newDoctor.cookie)).statusCode).toBe(404);
    expect((await call('GET', url, admin.cookie)).statusCode).toBe(200);

    await call('PATCH', `/api/admin/doctors/${otherDoctor.doctorId}/status`, admin.cookie, {
      status: 'approved',
    });
    const publicPhoto = await call('GET', url);
    expect(publicPhoto.statusCode).toBe(200);
    expect(publicPhoto.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('answers a malformed form (no boundary, cut mid-way) with a Portuguese 400 on both upload routes', async () => {
    for (const url of ['/api/doctor/photo', '/api/doctor/documents/identity'])
      await expectMalformedMultipartRefused(
        (body) =>
          app.inject({
            method: 'POST',
            url,
            payload: body.payload,
            headers: { ...body.headers, cookie: otherDoctor.cookie },
          }),
        expect,
      );
  });

  it('refuses two files in one form saying so, not that the file is too large', async () => {
    const boundary = '----pulsatwo';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/doctor/photo',
      payload: Buffer.concat([
        Buffer.from(part('a.png')),
        png,
        Buffer.from(`\r\n${part('b.png')}`),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: otherDoctor.cookie },
    });
    expect({ status: res.statusCode, message: res.json().message }).toEqual({
      status: 400,
      message: UPLOAD_MESSAGES.tooManyParts,
    });
  });

  it('refuses a PDF as a photo and anonymous uploads', async () => {
    expect((await upload('/api/doctor/photo', otherDoctor.cookie, pdf, 'eu.pdf')).statusCode).toBe(415);
    expect((await upload('/api/doctor/photo', undefined, png, 'eu.png')).statusCode).toBe(401);
    expect((await upload('/api/doctor/photo', patient.cookie, png, 'eu.png')).statusCode).toBe(403);
  });
});

describe('who may call what', () => {
  it('answers every endpoint by role: 401 signed out, 403 for the wrong role, and changes nothing', async () => {
    const doc = (await call('GET', `/api/admin/doctors/${newDoctor.doctorId}`, admin.cookie)).json()
      .documents[0].id;
    const doctorEndpoints: [method: 'GET' | 'PUT' | 'DELETE', url: string][] = [
      ['GET', '/api/doctor/profile'],
      ['PUT', '/api/doctor/profile'],
      ['GET', '/api/doctor/dashboard'],
      ['DELETE', '/api/doctor/photo'],
    ];
    for (const [method, url] of doctorEndpoints) {
      const body = method === 'PUT' ? validProfile() : undefined;
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, patient.cookie, body)).statusCode, `${method} ${url} patient`).toBe(
        403,
      );
      expect((await call(method, url, admin.cookie, body)).statusCode, `${method} ${url} admin`).toBe(403);
    }
    for (const url of ['/api/doctor/documents/crm', '/api/doctor/photo']) {
      expect((await upload(url, admin.cookie, png, 'x.png')).statusCode, `${url} admin`).toBe(403);
    }
    const adminEndpoints: [method: 'GET' | 'PATCH', url: string, body?: unknown][] = [
      ['GET', '/api/admin/doctors'],
      ['GET', `/api/admin/doctors/${otherDoctor.doctorId}`],
      ['PATCH', `/api/admin/doctors/${otherDoctor.doctorId}/status`, { status: 'rejected', reason: 'x' }],
      ['PATCH', `/api/admin/doctor-documents/${doc}`, { status: 'rejected', reason: 'x' }],
    ];
    for (const [method, url, body] of adminEndpoints) {
      expect((await call(method, url, undefined, body)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await call(method, url, patient.cookie, body)).statusCode, `${method} ${url} patient`).toBe(
        403,
      );
      expect((await call(method, url, otherDoctor.cookie, body)).statusCode, `${method} ${url} doctor`).toBe(
        403,
      );
    }
    const [other] = await app.db
      .select()
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, otherDoctor.id));
    expect(other?.verificationStatus).toBe('approved');
  });

  it('lets the doctor remove their photo, which then is gone for everyone', async () => {
    const before = (await call('GET', '/api/doctor/profile', otherDoctor.cookie)).json().avatarUrl;
    const res = await call('DELETE', '/api/doctor/photo', otherDoctor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().avatarUrl).toBeNull();
    expect((await call('GET', before)).statusCode).toBe(404);
    expect((await call('GET', before, admin.cookie)).statusCode).toBe(404);
  });
});

describe('dashboard', () => {
  it('divides the booked minutes of the month by its working hours, days off and extra hours included', async () => {
    const doctor = await createDoctor(app.db, {
      availability: [0, 1, 2, 3, 4, 5, 6].map((d) => ({
        dayOfWeek: d,
        startTime: '08:00',
        endTime: '09:00',
      })),
    });
    const cookie = await signIn(doctor.email, doctor.password);
    // Today's date in São Paulo, and the month around it.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const [year, month] = today.split('-').map(Number) as [number, number];
    const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const startsAt = new Date(`${today}T08:00:00-03:00`);
    const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
    await app.db
      .insert(appointments)
      .values({ doctorId: doctor.doctorId, patientId: patient.id, startsAt, endsAt, status: 'confirmed' });
    const occupancy = async () =>
      (await call('GET', '/api/doctor/dashboard', cookie)).json().stats.occupancyRate;
    expect(await occupancy()).toBe(Math.round((30 / (days * 60)) * 1000) / 10);

    // Off every other day of the month: one hour of work is left, half of it booked.
    const first = `${today.slice(0, 8)}01`;
    const last = `${today.slice(0, 8)}${String(days).padStart(2, '0')}`;
    const dayBefore = new Date(Date.parse(`${today}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const offDays = [
      ...(today > first ? [{ startDate: first, endDate: dayBefore }] : []),
      ...(today < last ? [{ startDate: dayAfter, endDate: last }] : []),
    ];
    await app.db
      .insert(doctorAgendaExceptions)
      .values(offDays.map((d) => ({ doctorId: doctor.doctorId, kind: 'off' as const, ...d })));
    expect(await occupancy()).toBe(50);

    // One extra hour today doubles the hours.
    await app.db.insert(doctorAgendaExceptions).values({
      doctorId: doctor.doctorId,
      kind: 'extra',
      startDate: today,
      endDate: today,
      startTime: '14:00',
      endTime: '15:00',
    });
    expect(await occupancy()).toBe(25);
  });

  it('gives honest zeros until bookings exist, and no occupancy without weekly hours', async () => {
    const res = await call('GET', '/api/doctor/dashboard', otherDoctor.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      verificationStatus: 'approved',
      missing: [],
      stats: { consultationsToday: 0, totalPatients: 0, monthlyRevenue: 0, occupancyRate: 0 },
    });
    const fresh = (await call('GET', '/api/doctor/dashboard', newDoctor.cookie)).json();
    expect(fresh.stats.occupancyRate).toBeNull();
  });

  it('goes on past approval: says the agenda and the payout details are missing until they are set', async () => {
    const doctor = await createDoctor(app.db, { fullName: 'Dra. Nova Aprovada', availability: [] });
    const cookie = await signIn(doctor.email, doctor.password);
    const before = (await call('GET', '/api/doctor/dashboard', cookie)).json();
    expect(before).toMatchObject({
      verificationStatus: 'approved',
      setup: ['agenda', 'payout'],
      nextConsultation: null,
      pendingRequests: { count: 0, items: [] },
    });
    // Opening hours every day: the agenda is no longer missing.
    for (const dayOfWeek of [0, 1, 2, 3, 4, 5, 6]) {
      const res = await call('POST', '/api/doctors/me/agenda/windows', cookie, {
        dayOfWeek,
        startTime: '00:00',
        endTime: '23:59',
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await call('GET', '/api/doctor/dashboard', cookie)).json().setup).toEqual(['payout']);
  });

  it('shows the next consultation (its room open from 10 minutes before) and the requests waiting', async () => {
    const doctor = await createDoctor(app.db, { fullName: 'Dra. Próxima Consulta' });
    const cookie = await signIn(doctor.email, doctor.password);
    // A patient of this test only: the file's shared patient holds slots at other times of the day.
    const patientHere = await createPatient(app.db);
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000);
    const [soon] = await app.db
      .insert(appointments)
      .values({
        doctorId: doctor.doctorId as string,
        patientId: patientHere.id,
        startsAt: at(5),
        endsAt: at(35),
        status: 'confirmed',
      })
      .returning({ id: appointments.id });
    const [request] = await app.db
      .insert(appointments)
      .values({
        doctorId: doctor.doctorId as string,
        patientId: patientHere.id,
        startsAt: at(3 * 24 * 60),
        endsAt: at(3 * 24 * 60 + 30),
        status: 'scheduled',
        requestedAt: new Date(now),
        respondBy: at(24 * 60),
      })
      .returning({ id: appointments.id });
    const dash = (await call('GET', '/api/doctor/dashboard', cookie)).json();
    expect(dash.nextConsultation).toMatchObject({ id: soon?.id, roomOpen: true, status: 'confirmed' });
    expect(dash.nextConsultation.patientName).toEqual(expect.any(String));
    expect(dash.pendingRequests).toMatchObject({ count: 1, items: [{ id: request?.id }] });
    // Another doctor sees none of it.
    const other = (await call('GET', '/api/doctor/dashboard', otherDoctor.cookie)).json();
    expect(other.nextConsultation).toBeNull();
    expect(other.pendingRequests.count).toBe(0);
  });
});
