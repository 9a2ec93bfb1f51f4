import { CANCELLATION_REASONS } from '@pulsa/shared/schemas/appointments';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appointmentEvents,
  appointments,
  consultationParticipants,
  notifications,
  payments,
} from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { OVERDUE_SWEEP_JOB, sweepOverdue } from './appointments.sweep.ts';
import { closeUnended } from './appointments.timers.ts';

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
let doctorCookie = '';

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();

/** Each booking here is a patient of its own: a patient holds at most one unpaid slot per doctor. */
const patientOf = new Map<string, { cookie: string; id: string }>();

const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

async function book(startsAt: string, method: 'card' | 'pix' = 'pix'): Promise<string> {
  const person = await createPatient(app.db);
  const cookie = sessionCookieFrom(
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: person.email, password: person.password },
    }),
  );
  const res = await call('POST', '/api/appointments', cookie, {
    doctorId: doctor.doctorId,
    startsAt,
    method,
    acceptPolicy: true,
  });
  expect(res.statusCode).toBe(201);
  patientOf.set(res.json().id, { cookie, id: person.id });
  return res.json().id;
}

const payByCard = (id: string) =>
  call('POST', `/api/appointments/${id}/payment/card`, patientOf.get(id)?.cookie ?? '', {
    number: SANDBOX_CARDS.approved,
  });
const patientIdOf = (id: string) => patientOf.get(id)?.id ?? '';

const rowOf = async (id: string) =>
  (await app.db.select().from(appointments).where(eq(appointments.id, id)))[0];
const paymentOf = async (id: string) =>
  (await app.db.select().from(payments).where(eq(payments.appointmentId, id)))[0];

beforeAll(async () => {
  app = await createTestApp();
  doctor = await createDoctor(app.db, { availability: everyDay });
  doctorCookie = sessionCookieFrom(
    await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: doctor.email, password: doctor.password },
    }),
  );
});

/** A card consultation, paid and accepted, then moved into the past: it ended `hoursAgo` hours ago. */
async function pastConsultation(days: number, hoursAgo: number) {
  const id = await book(slotAt(days), 'card');
  await payByCard(id);
  const accepted = await app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${id}/accept`,
    headers: { cookie: doctorCookie },
  });
  expect(accepted.statusCode).toBe(200);
  const endsAt = new Date(Date.now() - hoursAgo * 3_600_000);
  await app.db
    .update(appointments)
    .set({ startsAt: new Date(endsAt.getTime() - 30 * 60_000), endsAt })
    .where(eq(appointments.id, id));
  return { id, endsAt };
}

const entered = (appointmentId: string, userId: string) =>
  app.db.insert(consultationParticipants).values({ appointmentId, userId });

describe('the overdue sweep', () => {
  it('expires a lapsed hold and an unanswered request in one run, and leaves the rest alone', async () => {
    const lapsed = await book(slotAt(3));
    const fresh = await book(slotAt(4));
    const request = await book(slotAt(5), 'card');
    await payByCard(request);
    expect((await rowOf(request))?.respondBy).not.toBeNull();

    // As if the app had been down: the hold of `lapsed` passed a minute ago, its job never ran.
    await app.db
      .update(appointments)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(appointments.id, lapsed));
    const firstRun = await sweepOverdue(app.booking);
    expect(firstRun).toEqual({ holds: 1, requests: 0, missedCalls: 0, closed: 0, failed: 0 });
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
    expect(await sweepOverdue(app.booking, dayLater)).toEqual({
      holds: 0,
      requests: 0,
      missedCalls: 0,
      closed: 0,
      failed: 0,
    });
  });

  it('runs as the recurring job the app defines on its queue', async () => {
    const lapsed = await book(slotAt(6));
    await app.db
      .update(appointments)
      .set({ holdExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(appointments.id, lapsed));
    // What an occurrence of its schedule does: a job of that name, worked by any instance.
    await app.jobs.send(OVERDUE_SWEEP_JOB, {});
    await vi.waitFor(async () => expect((await rowOf(lapsed))?.status).toBe('canceled'), {
      timeout: 15_000,
      interval: 100,
    });
  });
});

describe('consultations nobody ended', () => {
  it('are closed by what happened in the room, hours after their end, once', async () => {
    const bothCame = await pastConsultation(10, 4);
    const patientAbsent = await pastConsultation(11, 5);
    const doctorAbsent = await pastConsultation(12, 6);
    const recent = await pastConsultation(13, 1);
    await entered(bothCame.id, doctor.id);
    await entered(bothCame.id, patientIdOf(bothCame.id));
    await entered(patientAbsent.id, doctor.id);
    await entered(doctorAbsent.id, patientIdOf(doctorAbsent.id));

    // The job planned for another end (the consultation was moved since) does nothing.
    await closeUnended(app.booking, bothCame.id, new Date(bothCame.endsAt.getTime() - 60_000));
    expect((await rowOf(bothCame.id))?.status).toBe('confirmed');

    expect(await sweepOverdue(app.booking)).toMatchObject({ closed: 3, failed: 0 });
    expect((await rowOf(bothCame.id))?.status).toBe('completed');
    expect((await rowOf(patientAbsent.id))?.status).toBe('no_show');
    expect(await rowOf(doctorAbsent.id)).toMatchObject({
      status: 'canceled',
      canceledBy: 'system',
      cancellationReason: CANCELLATION_REASONS.doctorAbsent,
    });
    expect((await paymentOf(doctorAbsent.id))?.status).toBe('refunded');
    expect((await paymentOf(patientAbsent.id))?.status).toBe('paid');
    expect((await rowOf(recent.id))?.status).toBe('confirmed');

    const events = await app.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, bothCame.id));
    expect(events.at(-1)).toMatchObject({ actor: 'system', action: 'completed' });
    const told = await app.db
      .select()
      .from(notifications)
      .where(
        inArray(
          notifications.userId,
          [bothCame, patientAbsent, doctorAbsent].map((c) => patientIdOf(c.id)),
        ),
      );
    expect(told.map((n) => n.type)).toEqual(
      expect.arrayContaining([
        'appointment.closed_unended',
        'appointment.no_show',
        'appointment.doctor_absent',
      ]),
    );
    expect(told.find((n) => n.type === 'appointment.closed_unended')?.link).toBe(`/consulta/${bothCame.id}`);

    // The job arriving after the sweep finds nothing left to do.
    await closeUnended(app.booking, bothCame.id, bothCame.endsAt);
    expect(await sweepOverdue(app.booking)).toMatchObject({ closed: 0 });
  });
});
