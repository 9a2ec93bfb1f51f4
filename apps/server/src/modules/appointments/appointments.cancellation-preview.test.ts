import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';

/** The cancellation preview, and the team's refund suggestion built on it, follow the cancel's own rule. */

let app: FastifyInstance;
const cookies = { patient: '', doctor: '', admin: '' };
let doctorId = '';

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '07:00', endTime: '19:00' }));

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

beforeAll(async () => {
  app = await createTestApp();
  const doctor = await createDoctor(app.db, { availability: everyDay, consultationPrice: 20_000 });
  doctorId = doctor.doctorId;
  const patient = await createPatient(app.db);
  const admin = await createAdmin(app.db);
  cookies.doctor = await signIn(doctor.email, doctor.password);
  cookies.patient = await signIn(patient.email, patient.password);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
});

describe('a consultation already under way', () => {
  it('is previewed as no refund, as the cancel itself is refused, for the patient and in the team’s suggestion', async () => {
    const startsAt = new Date(
      `${addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 5)}T10:00:00-03:00`,
    ).toISOString();
    const booked = await call('POST', '/api/appointments', cookies.patient, {
      doctorId,
      startsAt,
      method: 'card',
      acceptPolicy: true,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    await call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.approved,
    });
    const accepted = await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor);
    expect(accepted.statusCode).toBe(200);
    const paymentId = accepted.json().payment.id as string;

    // Before: a free cancellation, refunded in full.
    expect((await call('GET', `/api/appointments/${id}/cancellation`, cookies.patient)).json()).toMatchObject(
      {
        refund: 'full',
        amount: 20_000,
      },
    );

    // It started five minutes ago, with its terms still "free" (a doctor's move keeps them until the start).
    const started = new Date(Date.now() - 5 * 60_000);
    await app.db
      .update(appointments)
      .set({
        startsAt: started,
        endsAt: new Date(started.getTime() + 30 * 60_000),
        freeCancellationUntil: started,
      })
      .where(eq(appointments.id, id));

    const cancel = await call('POST', `/api/appointments/${id}/cancel`, cookies.patient, {
      reason: 'Desisti',
    });
    expect(cancel.statusCode).toBe(409);
    expect((await call('GET', `/api/appointments/${id}/cancellation`, cookies.patient)).json()).toMatchObject(
      {
        refund: 'none',
        amount: 0,
      },
    );
    // The doctor's cancel (always refunded in full while it may be done) is refused too: nothing to preview.
    expect(
      (await call('POST', `/api/appointments/${id}/cancel`, cookies.doctor, { reason: 'Imprevisto' }))
        .statusCode,
    ).toBe(409);
    expect((await call('GET', `/api/appointments/${id}/cancellation`, cookies.doctor)).json()).toMatchObject({
      refund: 'none',
      amount: 0,
    });
    const details = await call('GET', `/api/admin/payments/${paymentId}`, cookies.admin);
    expect(details.statusCode).toBe(200);
    expect(details.json().policy).toMatchObject({ refund: 'none', amount: 0 });
  });

  it('a paid request whose start passed unanswered: the team’s suggestion is no refund, as the patient may not cancel', async () => {
    const startsAt = new Date(
      `${addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 6)}T11:00:00-03:00`,
    ).toISOString();
    const booked = await call('POST', '/api/appointments', cookies.patient, {
      doctorId,
      startsAt,
      method: 'pix',
      acceptPolicy: true,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    expect((await call('POST', `/api/appointments/${id}/payment/simulate`, cookies.patient)).statusCode).toBe(
      200,
    );
    // Another hour than the first test's (a doctor has one consultation at a time).
    const started = new Date(Date.now() - 3 * 3_600_000);
    await app.db
      .update(appointments)
      .set({ startsAt: started, endsAt: new Date(started.getTime() + 30 * 60_000) })
      .where(eq(appointments.id, id));
    expect(
      (await call('POST', `/api/appointments/${id}/cancel`, cookies.patient, { reason: 'Desisti' }))
        .statusCode,
    ).toBe(409);
    const details = await call('GET', `/api/admin/payments/${booked.json().payment.id}`, cookies.admin);
    expect(details.json().policy).toMatchObject({ refund: 'none', amount: 0 });
  });
});
