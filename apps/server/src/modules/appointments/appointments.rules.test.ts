import {
  APPOINTMENT_MESSAGES,
  BOLETO_MAX_HOLD_HOURS,
  BOOKING_RATE_LIMIT,
  MAX_RESCHEDULES,
} from '@pulsa/shared/schemas/appointments';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appointments, liveEvents, notifications, payments, refunds } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient, SAMPLE_BILLING_ADDRESS } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { applyProviderEvent } from './appointments.payment-events.ts';
import { expireHold } from './appointments.timers.ts';

/**
 * The rules money depends on, each as someone gaming them would try: moving a consultation that
 * started (or is inside 24 h) to cancel it for a refund, a doctor's move into the no-refund window,
 * endless moves, endless holds, booking floods. And every change reaches the open screens.
 */

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
const doctors: Awaited<ReturnType<typeof createDoctor>>[] = [];
let extraDoctor: Awaited<ReturnType<typeof createDoctor>>;
const cookies = { patient: '', doctor: '', admin: '' };
let patientId = '';
let adminId = '';

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '00:00', endTime: '23:59' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();
/** A slot no other booking here takes: each call a new hour, from 3 days ahead. */
let taken = 0;
const freeSlot = () => {
  const n = taken++;
  return slotAt(3 + Math.floor(n / 10), `${String(8 + (n % 10)).padStart(2, '0')}:00`);
};

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}
const call = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });
const bookAs = (
  cookie: string,
  startsAt: string,
  method: 'card' | 'pix' | 'boleto' = 'card',
  doctorId = doctor.doctorId,
) =>
  call('POST', '/api/appointments', cookie, {
    doctorId,
    startsAt,
    method,
    acceptPolicy: true,
    ...(method === 'boleto' ? { billingAddress: SAMPLE_BILLING_ADDRESS } : {}),
  });

/** Booked, paid by card and accepted: a confirmed consultation. */
async function confirmed(startsAt: string) {
  const booked = await bookAs(cookies.patient, startsAt);
  expect(booked.statusCode).toBe(201);
  const id = booked.json().id as string;
  await call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
    number: SANDBOX_CARDS.approved,
  });
  const accepted = await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor);
  expect(accepted.json().status).toBe('confirmed');
  return id;
}

/** Moves the consultation in time as the clock would, keeping its fixed terms relative to the start. */
async function shiftToStartIn(id: string, ms: number) {
  const startsAt = new Date(Date.now() + ms);
  await app.db
    .update(appointments)
    .set({
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      freeCancellationUntil: new Date(startsAt.getTime() - 24 * 3_600_000),
    })
    .where(eq(appointments.id, id));
}

const reschedule = (id: string, startsAt: string, cookie = cookies.patient) =>
  call('POST', `/api/appointments/${id}/reschedule`, cookie, { startsAt });
const cancel = (id: string, cookie = cookies.patient) =>
  call('POST', `/api/appointments/${id}/cancel`, cookie, {});
const paymentOf = async (id: string) =>
  (await app.db.select().from(payments).where(eq(payments.appointmentId, id)))[0];

beforeAll(async () => {
  app = await createTestApp();
  doctor = await createDoctor(app.db, { availability: everyDay, consultationPrice: 28000 });
  for (let i = 0; i < 3; i++) doctors.push(await createDoctor(app.db, { availability: everyDay }));
  extraDoctor = await createDoctor(app.db, { availability: everyDay });
  const admin = await createAdmin(app.db);
  adminId = admin.id;
  cookies.doctor = await signIn(doctor.email, doctor.password);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
});

beforeEach(async () => {
  const patient = await createPatient(app.db);
  patientId = patient.id;
  cookies.patient = await signIn(patient.email, patient.password);
});

describe('moving and cancelling', () => {
  it('a consultation that started cannot be moved or cancelled by the patient, so a no-show cannot escape', async () => {
    const id = await confirmed(freeSlot());
    await shiftToStartIn(id, -5 * 60_000);
    const moved = await reschedule(id, freeSlot());
    expect(moved.statusCode).toBe(409);
    expect(moved.json()).toMatchObject({ code: 'started', message: APPOINTMENT_MESSAGES.rescheduleStarted });
    expect((await cancel(id)).statusCode).toBe(409);
    // Nor by the doctor.
    expect((await reschedule(id, freeSlot(), cookies.doctor)).json().code).toBe('started');
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe('confirmed');
    expect((await paymentOf(id))?.status).toBe('paid');
  });

  it('inside 24 h the patient cannot move it to next week and then cancel for a full refund', async () => {
    const id = await confirmed(freeSlot());
    await shiftToStartIn(id, 10 * 3_600_000);
    const moved = await reschedule(id, freeSlot());
    expect(moved.json()).toMatchObject({ code: 'inside_no_refund_window' });
    // The appointment's answer says so before anyone tries: no "reschedule" among the patient's actions.
    const seen = await call('GET', `/api/appointments/${id}`, cookies.patient);
    expect(seen.json().actions).toEqual(['cancel']);
    const canceled = await cancel(id);
    expect(canceled.json().status).toBe('canceled');
    expect((await paymentOf(id))?.status).toBe('paid');
  });

  it("a doctor's move into the no-refund window keeps the patient's full refund", async () => {
    const id = await confirmed(freeSlot());
    const soon = new Date(Date.now() + 4 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const moved = await reschedule(id, soon.toISOString(), cookies.doctor);
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().freeCancellationUntil)).toBe(soon.getTime());
    const preview = await call('GET', `/api/appointments/${id}/cancellation`, cookies.patient);
    expect(preview.json()).toMatchObject({ refund: 'full', amount: 28000 });
    await cancel(id);
    expect((await paymentOf(id))?.status).toBe('refunded');
  });

  it('refund terms are fixed at confirmation, not recomputed from a later start', async () => {
    const slot = freeSlot();
    const id = await confirmed(slot);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.freeCancellationUntil?.getTime()).toBe(Date.parse(slot) - 24 * 3_600_000);
    // Terms that already ran out stay run out, even if the start were later.
    await app.db
      .update(appointments)
      .set({ freeCancellationUntil: new Date(Date.now() - 60_000) })
      .where(eq(appointments.id, id));
    const preview = await call('GET', `/api/appointments/${id}/cancellation`, cookies.patient);
    expect(preview.json().refund).toBe('none');
  });

  it(`a consultation moves at most ${MAX_RESCHEDULES} times, whoever moves it`, async () => {
    const id = await confirmed(freeSlot());
    expect((await reschedule(id, freeSlot())).statusCode).toBe(200);
    expect((await reschedule(id, freeSlot(), cookies.doctor)).statusCode).toBe(200);
    const third = await reschedule(id, freeSlot());
    expect(third.json()).toMatchObject({
      code: 'too_many_moves',
      message: APPOINTMENT_MESSAGES.tooManyReschedules,
    });
    expect((await reschedule(id, freeSlot(), cookies.doctor)).json().code).toBe('too_many_moves');
  });
});

describe('holding slots', () => {
  it('one unpaid hold per doctor, two at most, however they are sent', async () => {
    const twice = await Promise.all([
      bookAs(cookies.patient, freeSlot()),
      bookAs(cookies.patient, freeSlot()),
    ]);
    expect(twice.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(twice.find((r) => r.statusCode === 409)?.json().code).toBe('hold_with_doctor');
    expect((await bookAs(cookies.patient, freeSlot(), 'card', doctors[0]?.doctorId)).statusCode).toBe(201);
    const third = await bookAs(cookies.patient, freeSlot(), 'card', doctors[1]?.doctorId);
    expect(third.json()).toMatchObject({
      code: 'too_many_holds',
      message: APPOINTMENT_MESSAGES.tooManyHolds,
    });
  });

  it('requests waiting for the doctor count too: four waiting bookings at most', async () => {
    const pay = async (id: string) =>
      call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
        number: SANDBOX_CARDS.approved,
      });
    // Paid (authorised), a booking no longer counts as unpaid: a second one with the same doctor is fine.
    const first = (await bookAs(cookies.patient, freeSlot())).json().id;
    await pay(first);
    const second = await bookAs(cookies.patient, freeSlot());
    expect(second.statusCode).toBe(201);
    await pay(second.json().id);
    for (const other of doctors.slice(0, 2)) {
      const booked = await bookAs(cookies.patient, freeSlot(), 'card', other.doctorId);
      expect(booked.statusCode).toBe(201);
      await pay(booked.json().id);
    }
    const fifth = await bookAs(cookies.patient, freeSlot(), 'card', extraDoctor.doctorId);
    expect(fifth.json()).toMatchObject({
      code: 'too_many_requests',
      message: APPOINTMENT_MESSAGES.tooManyRequests,
    });
    // Once the doctor answers, the place is free again.
    await call('POST', `/api/doctor/appointments/${first}/accept`, cookies.doctor);
    expect((await bookAs(cookies.patient, freeSlot(), 'card', extraDoctor.doctorId)).statusCode).toBe(201);
  });

  it(`a boleto holds its slot ${BOLETO_MAX_HOLD_HOURS} h at most, whatever its due date`, async () => {
    const res = await bookAs(cookies.patient, freeSlot(), 'boleto');
    expect(res.statusCode).toBe(201);
    const held = Date.parse(res.json().holdExpiresAt) - Date.now();
    expect(held).toBeLessThanOrEqual(BOLETO_MAX_HOLD_HOURS * 3_600_000);
  });

  it(`at most ${BOOKING_RATE_LIMIT} booking requests per patient in the window`, async () => {
    const codes: number[] = [];
    for (let i = 0; i <= BOOKING_RATE_LIMIT; i++)
      // Past the doctor's horizon: each is refused by the rules, and each counts.
      codes.push((await bookAs(cookies.patient, slotAt(300))).statusCode);
    expect(codes.slice(0, BOOKING_RATE_LIMIT).every((c) => c === 409)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    // Another patient is not slowed down by it.
    const other = await createPatient(app.db);
    expect(
      (await bookAs(await signIn(other.email, other.password), freeSlot(), 'card', doctors[2]?.doctorId))
        .statusCode,
    ).toBe(201);
  });

  it('a crowd asking for a slot just booked is answered at once with the nearest ones, and a freed slot is offered again', async () => {
    const startsAt = freeSlot();
    const first = await bookAs(cookies.patient, startsAt, 'pix', extraDoctor.doctorId);
    expect(first.statusCode).toBe(201);
    // Losing a race costs nothing: more answers than the booking limit, none of them a 429.
    const other = await createPatient(app.db);
    const otherCookie = await signIn(other.email, other.password);
    for (let i = 0; i <= BOOKING_RATE_LIMIT + 2; i++) {
      const lost = await bookAs(otherCookie, startsAt, 'card', extraDoctor.doctorId);
      expect(lost.statusCode).toBe(409);
      expect(lost.json().code).toBe('slot_taken');
      expect(lost.json().nearest.length).toBeGreaterThan(0);
    }
    // Once the hold is given up, the slot is free for the next patient at once.
    expect((await cancel(first.json().id)).statusCode).toBe(200);
    expect((await bookAs(otherCookie, startsAt, 'card', extraDoctor.doctorId)).statusCode).toBe(201);
  });
});

describe('what a second look found', () => {
  it("a doctor's move inside the last 24 h gives the patient a full refund until the new start", async () => {
    const id = await confirmed(freeSlot());
    await shiftToStartIn(id, 10 * 3_600_000);
    // On the hour, 2 to 3 hours ahead: the half-hour always ends by 23:30 local time, inside the
    // doctor's day (a :30 start at 23:30 would end at midnight, past the agenda's 23:59).
    const soon = new Date(Date.now() + 3 * 3_600_000);
    soon.setUTCMinutes(0, 0, 0);
    const moved = await reschedule(id, soon.toISOString(), cookies.doctor);
    expect(moved.statusCode).toBe(200);
    const preview = await call('GET', `/api/appointments/${id}/cancellation`, cookies.patient);
    expect(preview.json()).toMatchObject({ refund: 'full', amount: 28000 });
  });

  it('a boleto paid after its hold lapsed is owed back by PIX, and the patient is told', async () => {
    const id = (await bookAs(cookies.patient, freeSlot(), 'boleto')).json().id as string;
    await expireHold(app.booking, id, new Date(Date.now() + 49 * 3_600_000));
    const payment = await paymentOf(id);
    expect(payment?.status).toBe('failed');
    await applyProviderEvent(app.booking, 'sandbox', {
      id: `evt_late_${id}`,
      type: 'paid',
      providerRef: payment?.providerRef as string,
    });
    const [refund] = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id as string));
    expect(refund).toMatchObject({ amount: 28000, status: 'awaiting_transfer' });
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, patientId));
    expect(told.map((n) => n.type)).toContain('appointment.refund_by_transfer');
  });

  it('a request whose card authorisation is withdrawn is canceled and cannot be accepted', async () => {
    const id = (await bookAs(cookies.patient, freeSlot())).json().id as string;
    await call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.approved,
    });
    const payment = await paymentOf(id);
    await applyProviderEvent(app.booking, 'sandbox', {
      id: `evt_withdrawn_${id}`,
      type: 'canceled',
      providerRef: payment?.providerRef as string,
    });
    const seen = (await call('GET', `/api/appointments/${id}`, cookies.doctor)).json();
    expect(seen).toMatchObject({ status: 'canceled', actions: [] });
    expect((await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor)).statusCode).toBe(
      409,
    );
  });

  it('an unpaid hold never reaches the doctor: not readable, not told when withdrawn', async () => {
    const id = (await bookAs(cookies.patient, freeSlot(), 'pix')).json().id as string;
    expect((await call('GET', `/api/appointments/${id}`, cookies.doctor)).statusCode).toBe(404);
    const toDoctor = async () =>
      (await app.db.select().from(notifications).where(eq(notifications.userId, doctor.id))).length;
    const before = await toDoctor();
    expect((await cancel(id)).json().status).toBe('canceled');
    expect(await toDoctor()).toBe(before);
  });

  it("a move into a lapsed hold's slot frees it, as a booking would", async () => {
    const id = await confirmed(freeSlot());
    const slot = freeSlot();
    const other = await createPatient(app.db);
    const held = (await bookAs(await signIn(other.email, other.password), slot, 'pix')).json().id as string;
    await app.db
      .update(appointments)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(appointments.id, held));
    expect((await reschedule(id, slot)).statusCode).toBe(200);
    const [lapsed] = await app.db.select().from(appointments).where(eq(appointments.id, held));
    expect(lapsed?.status).toBe('canceled');
  });
});

describe('telling people and screens', () => {
  it('a PIX booking paid and sent to the doctor is one message to the patient, one to the doctor', async () => {
    const id = (await bookAs(cookies.patient, freeSlot(), 'pix')).json().id;
    await call('POST', `/api/appointments/${id}/payment/simulate`, cookies.patient);
    const toPatient = await app.db.select().from(notifications).where(eq(notifications.userId, patientId));
    expect(toPatient.map((n) => n.type)).toEqual(['appointment.requested']);
    expect(toPatient[0]?.body).toContain('R$ 280,00');
    const toDoctor = await app.db
      .select()
      .from(notifications)
      .where(
        sql`${notifications.userId} = ${doctor.id} and ${notifications.link} = '/doctor/appointments' and ${notifications.createdAt} > now() - interval '1 minute'`,
      );
    expect(toDoctor.filter((n) => n.type === 'appointment.requested').length).toBeGreaterThanOrEqual(1);
  });

  it("a doctor's cancellation is one message that says the money came back", async () => {
    const id = await confirmed(freeSlot());
    await cancel(id, cookies.doctor);
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, patientId));
    expect(told.map((n) => n.type).sort()).toEqual([
      'appointment.accepted',
      'appointment.canceled_by_doctor',
      'appointment.requested',
    ]);
    expect(told.find((n) => n.type === 'appointment.canceled_by_doctor')?.body).toContain(
      'Devolvemos R$ 280,00 pelo mesmo meio de pagamento.',
    );
  });

  it('every change reaches the patient, the doctor and the team as a live event', async () => {
    const booked = (await bookAs(cookies.patient, freeSlot())).json().id as string;
    await call('POST', `/api/appointments/${booked}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.approved,
    });
    await call('POST', `/api/doctor/appointments/${booked}/accept`, cookies.doctor);
    await reschedule(booked, freeSlot());
    await cancel(booked);
    const events = await app.db
      .select()
      .from(liveEvents)
      .where(
        sql`${liveEvents.type} = 'appointment.changed' and ${liveEvents.payload}->>'appointmentId' = ${booked}`,
      )
      .orderBy(liveEvents.id);
    const seen = events.map((e) => [
      (e.payload as { status: string }).status,
      (e.payload as { paymentStatus: string }).paymentStatus,
    ]);
    expect(seen).toEqual([
      ['scheduled', 'pending'],
      ['scheduled', 'processing'],
      ['confirmed', 'paid'],
      ['confirmed', 'paid'],
      ['canceled', 'refunded'],
    ]);
    for (const e of events) expect(e.userIds).toEqual(expect.arrayContaining([patientId, adminId]));
    // The unpaid hold never reached the doctor; everything from the request on did.
    expect(events.map((e) => e.userIds.includes(doctor.id))).toEqual([false, true, true, true, true]);
  });
});
