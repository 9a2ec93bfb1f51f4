import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { commissionSettings, commissionSettingVersions, payments } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { clearPendingBookings } from '../../test/holds.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { commissionFor, DEFAULT_COMMISSION_BP, updateCommission } from './commissions.service.ts';

let app: FastifyInstance;
let cookie = '';
let patientId = '';
let adminId = '';
const ids = { cardiology: '', dermatology: '' };
const doctors = { cardiologist: '', dermatologist: '' };

/** R$ 150,50: 15 % of it is 2257,5 centavos, so the rounding shows too. */
const PRICE = 15_050;
const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
let nextDay = 2;
const nextSlot = () =>
  new Date(`${addDays(localDateOf(new Date(), SP), nextDay++)}T10:00:00-03:00`).toISOString();

/** Books through the API and answers the payment's stored split. */
async function bookedSplit(doctorId: string) {
  await clearPendingBookings(app.db, patientId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie },
    payload: { doctorId, startsAt: nextSlot(), method: 'pix', acceptPolicy: true },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await app.db.select().from(payments).where(eq(payments.appointmentId, res.json().id));
  return {
    id: row?.id as string,
    amount: row?.amount,
    platformFee: row?.platformFee,
    doctorAmount: row?.doctorAmount,
    commissionSettingId: row?.commissionSettingId,
    commissionVersion: row?.commissionVersion,
    commissionBp: row?.commissionBp,
  };
}

/** A rule written straight to the tables (its first version too), as a script would. */
async function setting(values: Partial<typeof commissionSettings.$inferInsert> & { percentageBp: number }) {
  const [row] = await app.db
    .insert(commissionSettings)
    .values({ name: `Comissão ${values.percentageBp}`, ...values })
    .returning();
  const created = row as typeof commissionSettings.$inferSelect;
  await app.db.insert(commissionSettingVersions).values({
    settingId: created.id,
    version: 1,
    name: created.name,
    percentageBp: created.percentageBp,
    specialtyId: created.specialtyId,
    isDefault: created.isDefault,
    isActive: created.isActive,
  });
  return created;
}

beforeAll(async () => {
  app = await createTestApp();
  const specialties = await seedSpecialties(app.db);
  ids.cardiology = specialties.get('Cardiologia')?.id as string;
  ids.dermatology = specialties.get('Dermatologia')?.id as string;
  const common = { availability: everyDay, consultationPrice: PRICE };
  doctors.cardiologist = (await createDoctor(app.db, { ...common, specialtyId: ids.cardiology })).doctorId;
  doctors.dermatologist = (await createDoctor(app.db, { ...common, specialtyId: ids.dermatology })).doctorId;
  const patient = await createPatient(app.db);
  patientId = patient.id;
  adminId = (await createAdmin(app.db)).id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: patient.email, password: patient.password },
  });
  cookie = sessionCookieFrom(res);
});

beforeEach(async () => {
  // Rules are never deleted (payments point at their versions): each test starts with none active.
  await app.db.update(commissionSettings).set({ isActive: false });
});

describe('commission of a booking', () => {
  it('is 10 % without any setting', async () => {
    expect(DEFAULT_COMMISSION_BP).toBe(1000);
    expect(await commissionFor(app.db, ids.cardiology)).toEqual({
      settingId: null,
      version: null,
      percentageBp: 1000,
    });
    expect((await commissionFor(app.db, null)).percentageBp).toBe(1000);
    expect(await bookedSplit(doctors.cardiologist)).toMatchObject({
      amount: PRICE,
      platformFee: 1505,
      doctorAmount: 13_545,
      commissionSettingId: null,
      commissionVersion: null,
      commissionBp: 1000,
    });
  });

  it('takes the active setting of the specialty over the default, and the default elsewhere', async () => {
    // The default is the newer one: the specialty's still wins.
    const cardiology = await setting({
      percentageBp: 2000,
      specialtyId: ids.cardiology,
      updatedAt: new Date(Date.now() - 60_000),
    });
    const standard = await setting({ percentageBp: 1500, isDefault: true });
    expect((await commissionFor(app.db, ids.cardiology)).percentageBp).toBe(2000);
    expect(await commissionFor(app.db, ids.dermatology)).toEqual({
      settingId: standard.id,
      version: 1,
      percentageBp: 1500,
    });
    expect((await commissionFor(app.db, null)).percentageBp).toBe(1500);
    expect(await bookedSplit(doctors.cardiologist)).toMatchObject({
      platformFee: 3010,
      doctorAmount: 12_040,
      commissionSettingId: cardiology.id,
      commissionVersion: 1,
      commissionBp: 2000,
    });
    // 2257,5 centavos rounds half up.
    expect(await bookedSplit(doctors.dermatologist)).toMatchObject({
      platformFee: 2258,
      doctorAmount: 12_792,
    });
  });

  it('ignores an inactive setting, of a specialty or the default', async () => {
    await setting({ percentageBp: 1500, isDefault: true });
    await setting({ percentageBp: 3000, specialtyId: ids.dermatology, isActive: false });
    expect((await commissionFor(app.db, ids.dermatology)).percentageBp).toBe(1500);
    expect(await bookedSplit(doctors.dermatologist)).toMatchObject({ platformFee: 2258 });

    await app.db
      .update(commissionSettings)
      .set({ isActive: false })
      .where(eq(commissionSettings.isDefault, true));
    expect((await commissionFor(app.db, ids.dermatology)).percentageBp).toBe(1000);
    expect(await bookedSplit(doctors.dermatologist)).toMatchObject({
      platformFee: 1505,
      doctorAmount: 13_545,
    });
  });

  it('is frozen on the payment with its version: an edit is a new version and leaves it as it was', async () => {
    const rule = await setting({ percentageBp: 2000, specialtyId: ids.cardiology });
    const booked = await bookedSplit(doctors.cardiologist);
    expect(booked).toMatchObject({ platformFee: 3010, commissionVersion: 1, commissionBp: 2000 });
    await updateCommission(app.db, { id: adminId }, rule.id, {
      name: rule.name,
      percentage: 5,
      specialtyId: ids.cardiology,
      isDefault: false,
      isActive: true,
    });
    expect(await commissionFor(app.db, ids.cardiology)).toEqual({
      settingId: rule.id,
      version: 2,
      percentageBp: 500,
    });
    const [after] = await app.db.select().from(payments).where(eq(payments.id, booked.id));
    expect(after).toMatchObject({ platformFee: 3010, doctorAmount: 12_040, commissionVersion: 1 });
    expect(await bookedSplit(doctors.cardiologist)).toMatchObject({
      platformFee: 753,
      commissionSettingId: rule.id,
      commissionVersion: 2,
      commissionBp: 500,
    });
  });
});
