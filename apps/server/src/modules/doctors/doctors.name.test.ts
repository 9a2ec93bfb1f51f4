import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { notifications, userProfiles } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';

let app: FastifyInstance;
let adminCookie: string;
let patientCookie: string;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'PUT' | 'PATCH', url: string, cookie?: string, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function doctor(fullName: string, verificationStatus: 'pending' | 'approved' | 'rejected') {
  const d = await createDoctor(app.db, { fullName, verificationStatus });
  return { ...d, cookie: await signIn(d.email, d.password) };
}

const nameOf = async (userId: string) =>
  (await app.db.select().from(userProfiles).where(eq(userProfiles.id, userId)))[0]?.fullName;

beforeAll(async () => {
  app = await createTestApp();
  await seedSpecialties(app.db);
  const a = await createAdmin(app.db, { fullName: 'Admin Júlia' });
  adminCookie = await signIn(a.email, a.password);
  await enrolTwoFactor(app, adminCookie);
  const p = await createPatient(app.db);
  patientCookie = await signIn(p.email, p.password);
});

describe('a doctor corrects their name', () => {
  it('while rejected: the name changes at once and the profile goes back to review', async () => {
    const d = await doctor('Dra. Ana Sousa Errada', 'rejected');
    const res = await call('PUT', '/api/doctor/name', d.cookie, { fullName: '  Dra. Ana Souza Lima ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requested: false,
      profile: { fullName: 'Dra. Ana Souza Lima', verificationStatus: 'pending', nameChangeRequest: null },
    });
    expect(await nameOf(d.id)).toBe('Dra. Ana Souza Lima');
  });

  it('refuses a name too short with a Portuguese message, changing nothing', async () => {
    const d = await doctor('Dr. Bruno Pendente', 'pending');
    const res = await call('PUT', '/api/doctor/name', d.cookie, { fullName: 'B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.fullName).toEqual(expect.any(String));
    expect(await nameOf(d.id)).toBe('Dr. Bruno Pendente');
  });

  it('once approved: asks the team, which approves or refuses it; the public name waits for the team', async () => {
    const d = await doctor('Dra. Carla Antiga', 'approved');
    const asked = await call('PUT', '/api/doctor/name', d.cookie, { fullName: 'Dra. Carla Nova' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({
      requested: true,
      profile: { fullName: 'Dra. Carla Antiga', verificationStatus: 'approved' },
    });
    expect(asked.json().profile.nameChangeRequest).toMatchObject({ fullName: 'Dra. Carla Nova' });
    expect(await nameOf(d.id)).toBe('Dra. Carla Antiga');

    // The team sees it on the doctor's page and approves it.
    const detail = (await call('GET', `/api/admin/doctors/${d.doctorId}`, adminCookie)).json();
    expect(detail.profile.nameChangeRequest).toMatchObject({ fullName: 'Dra. Carla Nova' });
    const approved = await call('PATCH', `/api/admin/doctors/${d.doctorId}/name-change`, adminCookie, {
      decision: 'approve',
    });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().profile).toMatchObject({ fullName: 'Dra. Carla Nova', nameChangeRequest: null });
    expect(await nameOf(d.id)).toBe('Dra. Carla Nova');
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, d.id));
    expect(bell.some((n) => n.title === DOCTOR_MESSAGES.nameChangeApproved)).toBe(true);

    // A second request, refused with a reason: the name stays.
    await call('PUT', '/api/doctor/name', d.cookie, { fullName: 'Dra. Carla Outra' });
    const refused = await call('PATCH', `/api/admin/doctors/${d.doctorId}/name-change`, adminCookie, {
      decision: 'reject',
      reason: 'O nome não confere com o registro do CRM.',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().profile).toMatchObject({ fullName: 'Dra. Carla Nova', nameChangeRequest: null });
    // Nothing left to decide: a replayed decision is refused.
    const replay = await call('PATCH', `/api/admin/doctors/${d.doctorId}/name-change`, adminCookie, {
      decision: 'approve',
    });
    expect(replay.statusCode).toBe(409);
    expect(await nameOf(d.id)).toBe('Dra. Carla Nova');
  });

  it('is for the doctor only, and the decision for the team only', async () => {
    const d = await doctor('Dra. Dora Aprovada', 'approved');
    expect((await call('PUT', '/api/doctor/name', undefined, { fullName: 'Dra. Dora X' })).statusCode).toBe(
      401,
    );
    expect(
      (await call('PUT', '/api/doctor/name', patientCookie, { fullName: 'Dra. Dora X' })).statusCode,
    ).toBe(403);
    await call('PUT', '/api/doctor/name', d.cookie, { fullName: 'Dra. Dora Nova' });
    const self = await call('PATCH', `/api/admin/doctors/${d.doctorId}/name-change`, d.cookie, {
      decision: 'approve',
    });
    expect(self.statusCode).toBe(403);
    expect(await nameOf(d.id)).toBe('Dra. Dora Aprovada');
    const noReason = await call('PATCH', `/api/admin/doctors/${d.doctorId}/name-change`, adminCookie, {
      decision: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
  });
});
