import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { escapeLike } from '../../lib/like.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

let app: FastifyInstance;
let adminCookie: string;
let patientCookie: string;
let doctorCookie: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const names = (res: { json: () => { items: { fullName: string }[] } }) =>
  res.json().items.map((p) => p.fullName);

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createAdmin(app.db);
  adminCookie = await signIn(admin.email, admin.password);
  // Admins reach the back office only with two-factor sign-in on.
  await enrolTwoFactor(app, adminCookie);
  // Created one after another, so sign-up order is Bruno, Ana, Carla, then the 22 extra patients.
  const bruno = await createPatient(app.db, {
    fullName: 'Bruno Costa',
    email: 'bruno@exemplo.com.br',
    cpf: '52998224725',
    phone: '11987654321',
  });
  patientCookie = await signIn(bruno.email, bruno.password);
  await createPatient(app.db, {
    fullName: 'Ana Beatriz Lima',
    email: 'ana.lima@exemplo.com.br',
    phone: null,
    cpf: null,
  });
  await createPatient(app.db, {
    fullName: 'Carla 100% Souza',
    email: 'carla_souza@exemplo.com.br',
    phone: '21912345678',
  });
  for (let i = 1; i <= 22; i++) {
    await createPatient(app.db, {
      fullName: `Paciente Extra ${String(i).padStart(2, '0')}`,
      email: `extra${i}@exemplo.com.br`,
    });
  }
  const doctor = await createDoctor(app.db, { fullName: 'Dra. Bruna Médica' });
  doctorCookie = await signIn(doctor.email, doctor.password);
});

describe('GET /api/admin/patients', () => {
  it('gives the admin the first page of patients only, newest first, with the totals', async () => {
    const res = await get('/api/admin/patients', adminCookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 25, page: 1, pageSize: 10, pageCount: 3 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0].fullName).toBe('Paciente Extra 22');
    expect(names(res)).not.toContain('Dra. Bruna Médica');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('returns each field the table shows, with null for what was not informed', async () => {
    const res = await get('/api/admin/patients?q=ana.lima', adminCookie);
    expect(res.json().items).toEqual([
      {
        id: expect.any(String),
        fullName: 'Ana Beatriz Lima',
        email: 'ana.lima@exemplo.com.br',
        phone: null,
        cpf: null,
        avatarUrl: null,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
    ]);
  });

  it('pages and accepts the page sizes of the table', async () => {
    const last = await get('/api/admin/patients?page=3&pageSize=10', adminCookie);
    expect(last.json().items).toHaveLength(5);
    const big = await get('/api/admin/patients?pageSize=50', adminCookie);
    expect(big.json()).toMatchObject({ pageCount: 1, pageSize: 50 });
    expect(big.json().items).toHaveLength(25);
    const past = await get('/api/admin/patients?page=9', adminCookie);
    expect(past.json()).toMatchObject({ items: [], total: 25 });
  });

  it('sorts by name and by sign-up date, both ways', async () => {
    const byName = await get('/api/admin/patients?sort=name&order=asc&pageSize=50', adminCookie);
    expect(names(byName).slice(0, 3)).toEqual(['Ana Beatriz Lima', 'Bruno Costa', 'Carla 100% Souza']);
    const byNameDesc = await get('/api/admin/patients?sort=name&order=desc', adminCookie);
    expect(names(byNameDesc)[0]).toBe('Paciente Extra 22');
    const oldest = await get('/api/admin/patients?sort=createdAt&order=asc', adminCookie);
    expect(names(oldest).slice(0, 3)).toEqual(['Bruno Costa', 'Ana Beatriz Lima', 'Carla 100% Souza']);
  });

  it('searches name and email case-insensitively, and CPF and phone by their digits', async () => {
    expect(names(await get('/api/admin/patients?q=BRUNO', adminCookie))).toEqual(['Bruno Costa']);
    expect(names(await get(`/api/admin/patients?q=${encodeURIComponent('beatriz')}`, adminCookie))).toEqual([
      'Ana Beatriz Lima',
    ]);
    expect(names(await get('/api/admin/patients?q=carla_souza%40', adminCookie))).toEqual([
      'Carla 100% Souza',
    ]);
    expect(
      names(await get(`/api/admin/patients?q=${encodeURIComponent('529.982.247')}`, adminCookie)),
    ).toEqual(['Bruno Costa']);
    expect(
      names(await get(`/api/admin/patients?q=${encodeURIComponent('(21) 91234')}`, adminCookie)),
    ).toEqual(['Carla 100% Souza']);
    const extras = await get('/api/admin/patients?q=extra&pageSize=20', adminCookie);
    expect(extras.json()).toMatchObject({ total: 22, pageCount: 2 });
    expect((await get('/api/admin/patients?q=ninguem-assim', adminCookie)).json()).toMatchObject({
      items: [],
      total: 0,
      pageCount: 0,
    });
  });

  it('treats % and _ in the search as plain characters', async () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
    expect(names(await get(`/api/admin/patients?q=${encodeURIComponent('100%')}`, adminCookie))).toEqual([
      'Carla 100% Souza',
    ]);
    expect((await get(`/api/admin/patients?q=${encodeURIComponent('%')}`, adminCookie)).json().total).toBe(1);
    expect((await get('/api/admin/patients?q=_', adminCookie)).json().total).toBe(1);
  });

  it('rejects an unknown sort or page size with a Portuguese message', async () => {
    const badSort = await get('/api/admin/patients?sort=password', adminCookie);
    expect(badSort.statusCode).toBe(400);
    expect(badSort.json()).toMatchObject({ message: 'Ordenação inválida', code: 'validation' });
    expect((await get('/api/admin/patients?pageSize=11', adminCookie)).json().message).toBe(
      'Tamanho de página inválido',
    );
  });

  it('is for admins only: 401 signed out, 403 for patients and doctors', async () => {
    expect((await get('/api/admin/patients')).statusCode).toBe(401);
    expect((await get('/api/admin/patients', patientCookie)).statusCode).toBe(403);
    expect((await get('/api/admin/patients', doctorCookie)).statusCode).toBe(403);
  });
});
