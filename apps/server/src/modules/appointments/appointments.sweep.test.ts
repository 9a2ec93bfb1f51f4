import { CANCELLATION_REASONS } from '@pulsa/shared/schemas/appointments';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDoctor, createPatient } from '../../db/factories.ts';
import { appointments, payments } from '../../db/schema.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { OverdueSweep, sweepOverdue } from './appointments.sweep.ts';

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
let patient = '';

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie: patient }, ...(payload === undefined ? {} : { payload }) });

async function book(startsAt: string, method: 'card' | 'pix' = 'pix'): Promise<string> {
  const res = await call('POST', '/api/appointments', {
    doctorId: doctor.doctorId,
    startsAt,
    method,
    acceptPolicy: true,
  });
  expect(res.statusCode).toBe(201);
  return res.json().id;
}

const rowOf = async (id: string) =>
  (await app.db.select().from(appointments).where(eq(appointments.id, id)))[0];
const paymentOf = async (id: string) =>
  (await app.db.select().from(payments).where(eq(payments.appointmentId, id)))[0];

beforeAll(async () => {
  app = await createTestApp();
  doctor = await createDoctor(app.db, { availability: everyDay });
  const person = await createPatient(app.db);
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: person.email, password: person.password },
  });
  patient = sessionCookieFrom(res);
});

describe('the overdue sweep', () => {
  it('expires a lapsed hold and an unanswered request in one run, and leaves the rest alone', async () => {
    const lapsed = await book(slotAt(3));
    const fresh = await book(slotAt(4));
    const request = await book(slotAt(5), 'card');
    await call('POST', `/api/appointments/${request}/payment/card`, { number: SANDBOX_CARDS.approved });
    expect((await rowOf(request))?.respondBy).not.toBeNull();

    // As if the app had been down: the hold of `lapsed` passed a minute ago, its job never ran.
    await app.db
      .update(appointments)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(appointments.id, lapsed));
    const firstRun = await sweepOverdue(app.booking);
    expect(firstRun).toEqual({ holds: 1, requests: 0, failed: 0 });
    expect(await rowOf(lapsed)).toMatchObject({
      status: 'canceled',
      canceledBy: 'system',
      cancellationReason: CANCELLATION_REASONS.holdExpired,
    });
    expect((await paymentOf(lapsed))?.status).toBe('failed');
    expect((await rowOf(fresh))?.status).toBe('scheduled');
    expect((await rowOf(request))?.status).toBe('scheduled');

    // A day later the doctor still has not answered: the request expires and the card is released.
    const dayLater = new Date(Date.now() + 25 * 3_600_000);
    const secondRun = await sweepOverdue(app.booking, dayLater);
    expect(secondRun).toMatchObject({ requests: 1, failed: 0 });
    expect(await rowOf(request)).toMatchObject({
      status: 'canceled',
      cancellationReason: CANCELLATION_REASONS.requestExpired,
    });
    expect((await paymentOf(request))?.status).toBe('refunded');

    // Nothing left to do: a second pass acts on nothing.
    expect(await sweepOverdue(app.booking, dayLater)).toEqual({ holds: 0, requests: 0, failed: 0 });
  });

  it('runs as soon as it starts, and stop waits for the run', async () => {
    const lapsed = await book(slotAt(6));
    await app.db
      .update(appointments)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(appointments.id, lapsed));
    const sweep = new OverdueSweep(app.booking, app.log);
    sweep.start(60 * 60_000);
    await sweep.stop();
    expect((await rowOf(lapsed))?.status).toBe('canceled');
  });
});
