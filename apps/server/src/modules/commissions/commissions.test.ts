import { COMMISSION_MESSAGES as M } from '@pulsa/shared/schemas/commissions';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { auditLog, commissionSettings, payments, sessions } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { clearPendingBookings } from '../../test/holds.ts';
import { pgErrorOf } from '../../test/ledger.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';

let app: FastifyInstance;
const admin = { id: '', cookie: '', password: '', recoveryCode: '', fullName: '' };
const cookies = { patient: '', doctor: '' };
let patientId = '';
const specialty = { cardiology: '', dermatology: '' };
let cardiologistId = '';

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string | undefined, payload?: object) =>
  app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

const rule = (overrides: Partial<Record<string, unknown>> = {}) => ({
  name: 'Padrão da plataforma',
  percentage: 12.5,
  specialtyId: null,
  isDefault: false,
  isActive: true,
  ...overrides,
});

const create = (body: object, cookie = admin.cookie) => call('POST', '/api/admin/commissions', cookie, body);
const edit = (id: string, body: object, cookie = admin.cookie) =>
  call('PUT', `/api/admin/commissions/${id}`, cookie, body);
const list = async () =>
  (await call('GET', '/api/admin/commissions', admin.cookie)).json().items as {
    id: string;
    name: string;
    isDefault: boolean;
    isActive: boolean;
    version: number;
    percentage: number;
  }[];

/** Every rule inactive and no default: the state each test starts from (rules are never deleted). */
async function noRules() {
  await app.db.update(commissionSettings).set({ isActive: false, isDefault: false });
}

beforeAll(async () => {
  app = await createTestApp();
  const specialties = await seedSpecialties(app.db);
  specialty.cardiology = specialties.get('Cardiologia')?.id as string;
  specialty.dermatology = specialties.get('Dermatologia')?.id as string;
  const a = await createAdmin(app.db, { fullName: 'Ana Administradora' });
  admin.id = a.id;
  admin.password = a.password;
  admin.fullName = a.fullName;
  admin.cookie = await signIn(a.email, a.password);
  admin.recoveryCode = (await enrolTwoFactor(app, admin.cookie)).recoveryCodes[0] as string;
  const patient = await createPatient(app.db);
  patientId = patient.id;
  cookies.patient = await signIn(patient.email, patient.password);
  const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
  const doctor = await createDoctor(app.db, {
    specialtyId: specialty.cardiology,
    consultationPrice: 10_000,
    availability: everyDay,
  });
  cardiologistId = doctor.doctorId;
  cookies.doctor = await signIn(doctor.email, doctor.password);
});

beforeEach(noRules);

describe('who may see and change commissions', () => {
  it('answers 401 without a session and 403 to a patient or a doctor, changing nothing', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/commissions'],
      ['POST', '/api/admin/commissions'],
      ['PUT', `/api/admin/commissions/${crypto.randomUUID()}`],
    ] as const) {
      expect((await call(method, url, undefined, rule())).statusCode, url).toBe(401);
      for (const cookie of [cookies.patient, cookies.doctor]) {
        const res = await call(method, url, cookie, rule());
        expect(res.statusCode, url).toBe(403);
        expect(res.json().code).toBe('forbidden');
      }
    }
    expect(await app.db.select().from(auditLog)).toEqual([]);
  });

  it('asks for a recent password and code before a change, then lets it through', async () => {
    await app.db
      .update(sessions)
      .set({
        authenticatedAt: sql`now() - interval '11 minutes'`,
        secondFactorAt: sql`now() - interval '11 minutes'`,
      })
      .where(eq(sessions.userId, admin.id));
    // Reading needs no fresh password; changing does.
    expect((await call('GET', '/api/admin/commissions', admin.cookie)).statusCode).toBe(200);
    const refused = await create(rule({ isDefault: true }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reauth_required');
    const again = await call('POST', '/api/account/reauthenticate', admin.cookie, {
      password: admin.password,
      code: admin.recoveryCode,
    });
    expect(again.statusCode).toBe(200);
    expect((await create(rule({ isDefault: true }))).statusCode).toBe(201);
  });
});

describe('the form', () => {
  it('answers each field with the spec message, and saves nothing', async () => {
    const bad = async (body: object) => (await create(rule(body))).json();
    expect((await bad({ name: 'A' })).fieldErrors).toEqual({ name: M.nameTooShort });
    expect((await bad({ name: '  A  ' })).fieldErrors).toEqual({ name: M.nameTooShort });
    expect((await bad({ percentage: -1 })).fieldErrors).toEqual({ percentage: M.percentageNegative });
    expect((await bad({ percentage: 100.01 })).fieldErrors).toEqual({ percentage: M.percentageTooHigh });
    expect((await bad({ percentage: 12.345 })).fieldErrors).toEqual({ percentage: M.percentageStep });
    expect((await bad({ percentage: '10' })).fieldErrors).toEqual({ percentage: M.percentageRequired });
    expect((await bad({ specialtyId: 'cardiologia' })).fieldErrors).toEqual({
      specialtyId: M.invalidSpecialty,
    });
    expect((await bad({ isDefault: true, specialtyId: specialty.cardiology })).fieldErrors).toEqual({
      specialtyId: M.defaultForAll,
    });
    expect((await bad({ isDefault: true, isActive: false })).fieldErrors).toEqual({
      isActive: M.defaultMustBeActive,
    });
    const unknown = await create(rule({ specialtyId: crypto.randomUUID() }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fieldErrors).toEqual({ specialtyId: M.specialtyNotFound });
    expect((await list()).filter((r) => r.isActive)).toEqual([]);
  });

  it('takes 0 % and 100 %, and two decimals', async () => {
    for (const percentage of [0, 100, 7.25]) {
      const res = await create(rule({ name: `Regra ${percentage}`, percentage, isActive: false }));
      expect(res.statusCode).toBe(201);
      expect(res.json().percentage).toBe(percentage);
    }
  });
});

describe('rules', () => {
  it('creates one with its first version, lists it with its specialty or none, and audits it', async () => {
    const res = await create(
      rule({ name: 'Cardiologia premium', percentage: 15, specialtyId: specialty.cardiology }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Cardiologia premium',
      percentage: 15,
      specialtyId: specialty.cardiology,
      specialtyName: 'Cardiologia',
      isDefault: false,
      isActive: true,
      version: 1,
      createdAt: expect.any(String),
    });
    const listed = await call('GET', '/api/admin/commissions', admin.cookie);
    expect(listed.json().fallbackPercentage).toBe(10);
    expect(listed.json().items.find((r: { id: string }) => r.id === res.json().id)).toEqual(res.json());
    const [audit] = await app.db.select().from(auditLog).where(eq(auditLog.entityId, res.json().id));
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'commission.created',
      entity: 'commission_setting',
      before: null,
      after: {
        name: 'Cardiologia premium',
        percentageBp: 1500,
        specialtyId: specialty.cardiology,
        version: 1,
      },
    });
  });

  it('an edit is a new version: the old one is kept, past bookings keep theirs, the change is audited', async () => {
    const created = (await create(rule({ isDefault: true, percentage: 20 }))).json();
    // A booking under version 1.
    await clearPendingBookings(app.db, patientId);
    const slot = new Date(
      `${addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 4)}T10:00:00-03:00`,
    ).toISOString();
    const booked = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: cardiologistId,
      startsAt: slot,
      method: 'pix',
      acceptPolicy: true,
    });
    expect(booked.statusCode).toBe(201);

    const res = await edit(created.id, rule({ isDefault: true, percentage: 5, name: 'Padrão reduzido' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, percentage: 5, name: 'Padrão reduzido' });
    // Saving the same values writes no version.
    expect(
      (await edit(created.id, rule({ isDefault: true, percentage: 5, name: 'Padrão reduzido' }))).json()
        .version,
    ).toBe(2);

    const versions = (
      await call('GET', `/api/admin/commissions/${created.id}/versions`, admin.cookie)
    ).json();
    expect(
      versions.items.map((v: { version: number; percentage: number }) => [v.version, v.percentage]),
    ).toEqual([
      [2, 5],
      [1, 20],
    ]);
    expect(versions.items[0].changedBy).toEqual({ id: admin.id, name: admin.fullName });

    const [payment] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, booked.json().id));
    expect(payment).toMatchObject({
      commissionSettingId: created.id,
      commissionVersion: 1,
      commissionBp: 2000,
      platformFee: 2000,
      doctorAmount: 8000,
    });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['commission.created', 'commission.updated']);
    expect(audits.find((a) => a.action === 'commission.updated')).toMatchObject({
      before: { percentageBp: 2000, version: 1 },
      after: { percentageBp: 500, version: 2 },
    });
    // A version is history: the database refuses to rewrite it.
    const rewrite = await app.db
      .execute(sql`update commission_setting_versions set percentage_bp = 1 where setting_id = ${created.id}`)
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorOf(rewrite).message).toMatch(/append-only/);
  });

  it('keeps exactly one active default: a new default takes the badge, the only one cannot drop it', async () => {
    const first = (await create(rule({ name: 'Padrão antigo', isDefault: true }))).json();
    const second = (await create(rule({ name: 'Padrão novo', isDefault: true, percentage: 11 }))).json();
    const defaults = (await list()).filter((r) => r.isDefault && r.isActive);
    expect(defaults.map((r) => r.id)).toEqual([second.id]);
    const demoted = (await list()).find((r) => r.id === first.id);
    expect(demoted).toMatchObject({ isDefault: false, isActive: true, version: 2 });

    for (const change of [{ isDefault: false }, { isDefault: false, isActive: false }]) {
      const res = await edit(second.id, rule({ name: 'Padrão novo', percentage: 11, ...change }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: M.keepOneDefault, code: 'keep_one_default' });
    }
    // Editing another into the default moves the badge back.
    expect((await edit(first.id, rule({ name: 'Padrão antigo', isDefault: true }))).json()).toMatchObject({
      isDefault: true,
      version: 3,
    });
    expect((await list()).filter((r) => r.isDefault && r.isActive).map((r) => r.id)).toEqual([first.id]);

    // The database holds the rule whoever writes: a second active default is refused.
    const sneak = await app.db
      .insert(commissionSettings)
      .values({ name: 'Outro padrão', percentageBp: 100, isDefault: true, isActive: true })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(pgErrorOf(sneak)).toMatchObject({
      code: '23505',
      constraint: 'commission_settings_one_active_default_key',
    });
  });

  it('one active rule per specialty, which wins over the default for its doctors', async () => {
    await create(rule({ name: 'Padrão', isDefault: true, percentage: 10 }));
    const cardio = (
      await create(rule({ name: 'Cardio', percentage: 30, specialtyId: specialty.cardiology }))
    ).json();
    const twin = await create(rule({ name: 'Cardio 2', percentage: 25, specialtyId: specialty.cardiology }));
    expect(twin.statusCode).toBe(409);
    expect(twin.json()).toMatchObject({
      code: 'specialty_taken',
      fieldErrors: { specialtyId: M.specialtyTaken },
    });
    // An inactive one beside it is fine.
    expect(
      (
        await create(
          rule({ name: 'Cardio 2', percentage: 25, specialtyId: specialty.cardiology, isActive: false }),
        )
      ).statusCode,
    ).toBe(201);

    await clearPendingBookings(app.db, patientId);
    const slot = new Date(
      `${addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 5)}T11:00:00-03:00`,
    ).toISOString();
    const booked = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: cardiologistId,
      startsAt: slot,
      method: 'pix',
      acceptPolicy: true,
    });
    expect(booked.statusCode).toBe(201);
    const [payment] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.appointmentId, booked.json().id));
    expect(payment).toMatchObject({
      commissionSettingId: cardio.id,
      commissionVersion: 1,
      platformFee: 3000,
    });
  });

  it('answers 404 for a rule that does not exist', async () => {
    const id = crypto.randomUUID();
    expect((await edit(id, rule())).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/commissions/${id}/versions`, admin.cookie)).statusCode).toBe(404);
    expect((await edit(id, rule())).json().message).toBe(M.notFound);
  });
});
