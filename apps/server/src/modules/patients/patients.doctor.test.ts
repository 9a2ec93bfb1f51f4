import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createDoctor, createPatient } from '../../db/factories.ts';
import { appointments, doctorPatients, notifications, userRoles } from '../../db/schema.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

let app: FastifyInstance;
let doctorCookie: string;
let otherCookie: string;
let patientCookie: string;
let adminCookie: string;
let doctorId: string;
let otherDoctorId: string;
let ana: { id: string; email: string };
let bruno: { id: string; email: string };
let colleague: { id: string; email: string };
let adminEmail: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}
const call = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const list = async (cookie: string, query = '') =>
  (await call('GET', `/api/doctors/me/patients${query}`, cookie)).json();

beforeAll(async () => {
  app = await createTestApp();
  const doctor = await createDoctor(app.db, { fullName: 'Dra. Helena Souza' });
  doctorId = doctor.doctorId;
  doctorCookie = await signIn(doctor.email, doctor.password);
  const other = await createDoctor(app.db, { fullName: 'Dr. Paulo Lima' });
  otherDoctorId = other.doctorId;
  otherCookie = await signIn(other.email, other.password);
  colleague = other;
  ana = await createPatient(app.db, {
    fullName: 'Ana Beatriz Lima',
    email: 'ana@exemplo.com.br',
    phone: '11912345678',
  });
  bruno = await createPatient(app.db, { fullName: 'Bruno Costa', email: 'bruno@exemplo.com.br' });
  const p = await createPatient(app.db);
  patientCookie = await signIn(p.email, p.password);
  const admin = await createAdmin(app.db);
  adminEmail = admin.email;
  adminCookie = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, adminCookie);
});

describe('who may reach a doctor patient list', () => {
  it('refuses anonymous visitors (401), patients and admins (403)', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/doctors/me/patients'],
      ['POST', '/api/doctors/me/patients', { email: 'ana@exemplo.com.br' }],
      ['POST', '/api/doctors/me/patients/generic'],
    ] as const) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
      expect((await call(method, url, patientCookie, payload)).statusCode).toBe(403);
      expect((await call(method, url, adminCookie, payload)).statusCode).toBe(403);
    }
    expect(await app.db.select().from(doctorPatients)).toEqual([]);
  });
});

describe('adding patients', () => {
  it('adds an existing patient by e-mail, in any letter case, and tells them in the bell', async () => {
    const res = await call('POST', '/api/doctors/me/patients', doctorCookie, {
      email: '  ANA@exemplo.com.br ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'Ana Beatriz Lima', email: 'ana@exemplo.com.br' });
    const [bell] = await app.db.select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(bell).toMatchObject({
      type: 'patient.added',
      body: 'Dra. Helena Souza adicionou você à lista de pacientes.',
    });
  });

  it('says "Este paciente já está na sua lista." and adds nothing the second time', async () => {
    const res = await call('POST', '/api/doctors/me/patients', doctorCookie, { email: 'ana@exemplo.com.br' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Este paciente já está na sua lista.');
    expect(
      await app.db.select().from(doctorPatients).where(eq(doctorPatients.patientId, ana.id)),
    ).toHaveLength(1);
  });

  it('answers the spec messages for an empty, a malformed and an unknown e-mail', async () => {
    const empty = await call('POST', '/api/doctors/me/patients', doctorCookie, { email: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fieldErrors.email).toBe('Informe o email do paciente');
    const bad = await call('POST', '/api/doctors/me/patients', doctorCookie, { email: 'ana@' });
    expect(bad.json().message).toBe('Email inválido');
    const unknown = await call('POST', '/api/doctors/me/patients', doctorCookie, {
      email: 'ninguem@exemplo.com.br',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Usuário não encontrado com este email');
  });

  it('never turns a doctor or admin account into a patient (one role per account)', async () => {
    for (const email of [colleague.email, adminEmail]) {
      const res = await call('POST', '/api/doctors/me/patients', doctorCookie, { email });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'Erro ao configurar usuário como paciente',
        fieldErrors: { email: 'Este email pertence a uma conta de médico ou administrador.' },
      });
    }
    const [role] = await app.db.select().from(userRoles).where(eq(userRoles.userId, colleague.id));
    expect(role?.role).toBe('doctor');
    expect(
      await app.db.select().from(doctorPatients).where(eq(doctorPatients.doctorId, doctorId)),
    ).toHaveLength(1);
  });

  it('creates the generic patient once: "O paciente genérico já existe para este médico."', async () => {
    const first = await call('POST', '/api/doctors/me/patients/generic', doctorCookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ name: 'Paciente Genérico', email: null });
    const again = await call('POST', '/api/doctors/me/patients/generic', doctorCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('O paciente genérico já existe para este médico.');
    // Another doctor has their own.
    expect((await call('POST', '/api/doctors/me/patients/generic', otherCookie)).statusCode).toBe(201);
  });
});

describe('GET /api/doctors/me/patients', () => {
  beforeAll(async () => {
    await call('POST', '/api/doctors/me/patients', doctorCookie, { email: 'bruno@exemplo.com.br' });
    // Ana: two consultations held with this doctor, one canceled, one upcoming; one held with another doctor.
    const at = (iso: string) => new Date(iso);
    const visit = (d: string, status: 'completed' | 'canceled' | 'scheduled', doctor = doctorId) => ({
      patientId: ana.id,
      doctorId: doctor,
      startsAt: at(d),
      endsAt: new Date(at(d).getTime() + 30 * 60_000),
      status,
    });
    await app.db
      .insert(appointments)
      .values([
        visit('2026-03-10T13:00:00Z', 'completed'),
        visit('2026-05-20T13:00:00Z', 'completed'),
        visit('2026-06-01T13:00:00Z', 'canceled'),
        visit('2099-01-01T13:00:00Z', 'scheduled'),
        visit('2026-07-01T13:00:00Z', 'completed', otherDoctorId),
      ]);
  });

  it('lists only the doctor own patients with consultations and last visit computed from appointments', async () => {
    const body = await list(doctorCookie);
    expect(body).toMatchObject({ total: 3, page: 1, pageCount: 1 });
    expect(body.items[0]).toEqual({
      id: expect.any(String),
      patientId: ana.id,
      name: 'Ana Beatriz Lima',
      email: 'ana@exemplo.com.br',
      phone: '11912345678',
      avatarUrl: null,
      isGeneric: false,
      consultations: 2,
      lastVisitAt: '2026-05-20T13:00:00.000Z',
      addedAt: expect.any(String),
    });
    const byName = Object.fromEntries(body.items.map((i: { name: string }) => [i.name, i]));
    expect(byName['Bruno Costa']).toMatchObject({ consultations: 0, lastVisitAt: null });
    expect(byName['Paciente Genérico']).toMatchObject({ isGeneric: true, patientId: null, email: null });

    const other = await list(otherCookie);
    expect(other.items.map((i: { name: string }) => i.name)).toEqual(['Paciente Genérico']);
  });

  it('searches name, e-mail and phone, and sorts by name, consultations and last visit', async () => {
    const names = (b: { items: { name: string }[] }) => b.items.map((i) => i.name);
    expect(names(await list(doctorCookie, '?q=BRUNO'))).toEqual(['Bruno Costa']);
    expect(names(await list(doctorCookie, '?q=ana%40exemplo'))).toEqual(['Ana Beatriz Lima']);
    expect(names(await list(doctorCookie, `?q=${encodeURIComponent('(11) 91234')}`))).toEqual([
      'Ana Beatriz Lima',
    ]);
    expect(names(await list(doctorCookie, '?q=gen%C3%A9rico'))).toEqual(['Paciente Genérico']);
    expect(names(await list(doctorCookie, '?sort=name&order=asc'))).toEqual([
      'Ana Beatriz Lima',
      'Bruno Costa',
      'Paciente Genérico',
    ]);
    expect(names(await list(doctorCookie, '?sort=consultations&order=desc'))[0]).toBe('Ana Beatriz Lima');
    expect(names(await list(doctorCookie, '?sort=lastVisit&order=desc'))[0]).toBe('Ana Beatriz Lima');
    const bad = await call('GET', '/api/doctors/me/patients?sort=cpf', doctorCookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Ordenação inválida');
  });

  it('shows the patient current name, not a copy taken when added', async () => {
    const { userProfiles } = await import('../../db/schema.ts');
    await app.db
      .update(userProfiles)
      .set({ fullName: 'Bruno Costa Filho' })
      .where(eq(userProfiles.id, bruno.id));
    expect((await list(doctorCookie, '?q=filho')).items[0].name).toBe('Bruno Costa Filho');
    const [row] = await app.db
      .select()
      .from(doctorPatients)
      .where(and(eq(doctorPatients.doctorId, doctorId), eq(doctorPatients.patientId, bruno.id)));
    expect(row?.patientName).toBe('Bruno Costa');
  });
});
