import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import { commissionSettings, payments } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { clearPendingBookings } from '../../test/holds.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { commissionFor, DEFAULT_COMMISSION_BP } from './payments.service.ts';

let app: FastifyInstance;
let cookie = '';
let patientId = '';
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
  };
}

const setting = (values: Partial<typeof commissionSettings.$inferInsert> & { percentageBp: number }) =>
  app.db.insert(commissionSettings).values({ name: `Comissão ${values.percentageBp}`, ...values });

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
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: patient.email, password: patient.password },
  });
  cookie = sessionCookieFrom(res);
});

beforeEach(async () => {
  await app.db.delete(commissionSettings);
});

describe('commission of a booking', () => {
  it('is 10 % without any setting', async () => {
    expect(DEFAULT_COMMISSION_BP).toBe(1000);
    expect(await commissionFor(app.db, ids.cardiology)).toBe(1000);
    expect(await commissionFor(app.db, null)).toBe(1000);
    expect(await bookedSplit(doctors.cardiologist)).toMatchObject({
      amount: PRICE,
      platformFee: 1505,
      doctorAmount: 13_545,
    });
  });

  it('takes the active setting of the specialty over the default, and the default elsewhere', async () => {
    // The default is the newer one: the specialty's still wins.
    await setting({
      percentageBp: 2000,
      specialtyId: ids.cardiology,
      updatedAt: new Date(Date.now() - 60_000),
    });
    await setting({ percentageBp: 1500, isDefault: true });
    expect(await commissionFor(app.db, ids.cardiology)).toBe(2000);
    expect(await commissionFor(app.db, ids.dermatology)).toBe(1500);
    expect(await commissionFor(app.db, null)).toBe(1500);
    expect(await bookedSplit(doctors.cardiologist)).toMatchObject({
      platformFee: 3010,
      doctorAmount: 12_040,
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
    expect(await commissionFor(app.db, ids.dermatology)).toBe(1500);
    expect(await bookedSplit(doctors.dermatologist)).toMatchObject({ platformFee: 2258 });

    await app.db
      .update(commissionSettings)
      .set({ isActive: false })
      .where(eq(commissionSettings.isDefault, true));
    expect(await commissionFor(app.db, ids.dermatology)).toBe(1000);
    expect(await bookedSplit(doctors.dermatologist)).toMatchObject({
      platformFee: 1505,
      doctorAmount: 13_545,
    });
  });

  it('is frozen on the payment: a later change of the setting leaves it as it was', async () => {
    await setting({ percentageBp: 2000, specialtyId: ids.cardiology });
    const booked = await bookedSplit(doctors.cardiologist);
    expect(booked.platformFee).toBe(3010);
    await app.db.update(commissionSettings).set({ percentageBp: 500 });
    expect(await commissionFor(app.db, ids.cardiology)).toBe(500);
    const [after] = await app.db.select().from(payments).where(eq(payments.id, booked.id));
    expect(after).toMatchObject({ platformFee: 3010, doctorAmount: 12_040 });
  });
});
