import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { appointments, consultationParticipants, payments } from '../db/schema.ts';
import { BY_RULES, runTransition } from '../modules/appointments/appointments.lifecycle.ts';
import { addDays, localDateOf } from '../modules/doctors/slots.ts';
import { SANDBOX_CARDS } from '../modules/payments/sandbox-provider.ts';
import { createDoctor, createPatient } from '../seed/factories.ts';
import { sessionCookieFrom } from './test-app.ts';

/** Doctors with released shares, for the payout tests: a price of R$ 200,00 at 10 % leaves R$ 180,00. */
export const PRICE = 20_000;
export const FEE = 2_000;
export const SHARE = 18_000;
export const DAY = 86_400_000;
const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();
/** After the 7 holding days: released shares are available. */
export const later = (days = 8) => new Date(Date.now() + days * DAY);

export function payoutTestKit(app: () => FastifyInstance) {
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    app().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const signIn = async (email: string, password: string) =>
    sessionCookieFrom(
      await app().inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    );

  async function newDoctor(pixKey?: string) {
    const doctor = await createDoctor(app().db, { availability: everyDay, consultationPrice: PRICE });
    const cookie = await signIn(doctor.email, doctor.password);
    if (pixKey) {
      const res = await call('PUT', '/api/doctor/payouts/account/pix', cookie, {
        type: 'email',
        key: pixKey,
      });
      expect(res.statusCode).toBe(200);
    }
    return { ...doctor, cookie };
  }

  let ended = 0;
  /** A card consultation paid, accepted and completed; its share is released 7 days after it ended. */
  async function completedConsultation(doctor: { doctorId: string; id: string; cookie: string }, days = 6) {
    const patient = await createPatient(app().db);
    const cookie = await signIn(patient.email, patient.password);
    const booked = await call('POST', '/api/appointments', cookie, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(days),
      method: 'card',
      acceptPolicy: true,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    const paid = await call('POST', `/api/appointments/${id}/payment/card`, cookie, {
      number: SANDBOX_CARDS.approved,
    });
    expect(paid.statusCode).toBe(200);
    expect((await call('POST', `/api/doctor/appointments/${id}/accept`, doctor.cookie)).statusCode).toBe(200);
    const now = new Date();
    // Each consultation an hour before the previous one, all ended.
    const endsAt = new Date(now.getTime() - 3_600_000 * ++ended);
    await app()
      .db.update(appointments)
      .set({ startsAt: new Date(endsAt.getTime() - 30 * 60_000), endsAt })
      .where(eq(appointments.id, id));
    await app()
      .db.insert(consultationParticipants)
      .values([
        { appointmentId: id, userId: patient.id },
        { appointmentId: id, userId: doctor.id },
      ]);
    await runTransition(app().booking, id, { kind: 'close_unended' }, BY_RULES, now);
    const [payment] = await app().db.select().from(payments).where(eq(payments.appointmentId, id));
    return { id, payment: payment as typeof payments.$inferSelect };
  }

  return { call, signIn, newDoctor, completedConsultation };
}
