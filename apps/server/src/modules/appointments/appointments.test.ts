import {
  APPOINTMENT_MESSAGES,
  CANCELLATION_REASONS,
  REQUEST_MIN_LEAD_MINUTES,
} from '@pulsa/shared/schemas/appointments';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointmentEvents,
  appointments,
  doctorProfiles,
  notifications,
  payments,
  refunds,
  userProfiles,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient, SAMPLE_BILLING_ADDRESS } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { applyProviderEvent } from './appointments.payment-events.ts';
import { expireHold, expireRequest, remind } from './appointments.timers.ts';

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
let otherDoctor: Awaited<ReturnType<typeof createDoctor>>;
const cookies = { patient: '', other: '', doctor: '', otherDoctor: '', admin: '' };

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
/** 10:00 in São Paulo, `days` from today: always inside the windows and the notice. */
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();

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
    notes: 'Dor de cabeça',
  });

/** Books and pays with the approved test card: a request waiting for the doctor. */
async function requested(startsAt: string, cookie = cookies.patient) {
  const res = await bookAs(cookie, startsAt);
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const paid = await call('POST', `/api/appointments/${id}/payment/card`, cookie, {
    number: SANDBOX_CARDS.approved,
  });
  expect(paid.statusCode).toBe(200);
  expect(paid.json().payment.status).toBe('processing');
  return id;
}

beforeAll(async () => {
  app = await createTestApp();
  doctor = await createDoctor(app.db, {
    fullName: 'Dra. Helena Booking',
    availability: everyDay,
    consultationPrice: 20000,
  });
  otherDoctor = await createDoctor(app.db, { fullName: 'Dr. Outro Booking', availability: everyDay });
  const patient = await createPatient(app.db);
  const other = await createPatient(app.db);
  const admin = await createAdmin(app.db);
  cookies.patient = await signIn(patient.email, patient.password);
  cookies.other = await signIn(other.email, other.password);
  cookies.doctor = await signIn(doctor.email, doctor.password);
  cookies.otherDoctor = await signIn(otherDoctor.email, otherDoctor.password);
  cookies.admin = await signIn(admin.email, admin.password);
  await enrolTwoFactor(app, cookies.admin);
});

// Each test books as a patient of its own: a patient may hold one unpaid slot per doctor and send
// a bounded number of booking requests, and these tests book far more than one person would.
beforeEach(async () => {
  const [patient, other] = await Promise.all([createPatient(app.db), createPatient(app.db)]);
  cookies.patient = await signIn(patient.email, patient.password);
  cookies.other = await signIn(other.email, other.password);
});

describe('booking', () => {
  it('keeps a deaf patient’s request for captions, for the doctor to see (decision 115)', async () => {
    const res = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(4),
      method: 'card',
      acceptPolicy: true,
      captions: true,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().captionsRequested).toBe(true);
    const wrong = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(5),
      method: 'card',
      acceptPolicy: true,
      captions: 'sim',
    });
    expect(wrong.statusCode).toBe(400);
  });

  it('holds the slot, freezes the price and splits it by the default commission', async () => {
    const res = await bookAs(cookies.patient, slotAt(3));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'scheduled',
      price: 20000,
      notes: 'Dor de cabeça',
      captionsRequested: false,
    });
    // The acceptance of the cancellation policy is kept with the moment it was given.
    expect(Date.now() - Date.parse(body.policyAcceptedAt)).toBeLessThan(60_000);
    expect(body.payment).toMatchObject({
      method: 'card',
      status: 'pending',
      amount: 20000,
      sandbox: true,
      needsCard: true,
    });
    const held = new Date(body.holdExpiresAt).getTime() - Date.now();
    expect(held).toBeGreaterThan(14 * 60_000);
    expect(held).toBeLessThanOrEqual(15 * 60_000);
    const [row] = await app.db.select().from(payments).where(eq(payments.appointmentId, body.id));
    expect(row).toMatchObject({ platformFee: 2000, doctorAmount: 18000 });
    // The held slot is no longer offered.
    const slots = await call(
      'GET',
      `/api/doctors/${doctor.doctorId}/slots?from=${addDays(localDateOf(new Date(), SP), 3)}&days=1`,
      cookies.other,
    );
    expect(slots.json().days[0].slots.map((s: { start: string }) => s.start)).not.toContain(
      new Date(slotAt(3)).toISOString(),
    );
  });

  it('a parallel race for one slot has exactly one winner; the others get 409 with the nearest slots', async () => {
    const startsAt = slotAt(4, '11:00');
    const people = await Promise.all(
      Array.from({ length: 6 }, async () => {
        const p = await createPatient(app.db);
        return signIn(p.email, p.password);
      }),
    );
    const results = await Promise.all(people.map((cookie) => bookAs(cookie, startsAt)));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409]);
    const lost = results.find((r) => r.statusCode === 409)?.json();
    expect(lost.message).toBe(APPOINTMENT_MESSAGES.slotTaken);
    expect(lost.code).toBe('slot_taken');
    expect(lost.nearest.length).toBeGreaterThan(0);
    expect(lost.nearest.map((s: { start: string }) => s.start)).not.toContain(
      new Date(startsAt).toISOString(),
    );
  });

  it('the database refuses an overlapping appointment even when the code is bypassed', async () => {
    const start = new Date(slotAt(5, '09:00'));
    const patient = await createPatient(app.db);
    await app.db.insert(appointments).values({
      patientId: patient.id,
      doctorId: doctor.doctorId,
      startsAt: start,
      endsAt: new Date(start.getTime() + 30 * 60_000),
    });
    const second = await createPatient(app.db);
    await expect(
      app.db.insert(appointments).values({
        patientId: second.id,
        doctorId: doctor.doctorId,
        startsAt: new Date(start.getTime() + 15 * 60_000),
        endsAt: new Date(start.getTime() + 45 * 60_000),
      }),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23P01' }) });
  });

  it('a patient cannot hold two overlapping appointments, even with two doctors', async () => {
    const startsAt = slotAt(6, '15:00');
    expect((await bookAs(cookies.other, startsAt)).statusCode).toBe(201);
    const second = await bookAs(cookies.other, startsAt, 'card', otherDoctor.doctorId);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(APPOINTMENT_MESSAGES.patientBusy);
  });

  it('refuses a slot the agenda does not offer, boleto too soon, and a booking without the policy', async () => {
    expect((await bookAs(cookies.patient, slotAt(3, '07:00'))).statusCode).toBe(409);
    const boleto = await bookAs(cookies.patient, slotAt(1, '16:00'), 'boleto');
    expect(boleto.statusCode).toBe(400);
    expect(boleto.json().fieldErrors.method).toBe(APPOINTMENT_MESSAGES.boletoTooSoon);
    const noPolicy = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(3, '16:00'),
      method: 'pix',
    });
    expect(noPolicy.statusCode).toBe(400);
    expect(noPolicy.json().fieldErrors.acceptPolicy).toBe(APPOINTMENT_MESSAGES.policyRequired);
  });

  it('an unpaid hold expires and frees its slot', async () => {
    const startsAt = slotAt(7, '10:30');
    const res = await bookAs(cookies.patient, startsAt, 'pix');
    const id = res.json().id;
    await expireHold(app.booking, id, new Date(Date.now() + 16 * 60_000));
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({
      status: 'canceled',
      canceledBy: 'system',
      cancellationReason: CANCELLATION_REASONS.holdExpired,
    });
    const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(payment?.status).toBe('failed');
    expect((await bookAs(cookies.other, startsAt)).statusCode).toBe(201);
  });
});

describe('paying in the test environment', () => {
  it('PIX: a real BR Code, confirmed by the simulated bank, sends the request to the doctor', async () => {
    const res = await bookAs(cookies.patient, slotAt(8), 'pix');
    const body = res.json();
    expect(body.payment.instructions.pix.payload).toMatch(/^000201.*6304[0-9A-F]{4}$/);
    expect(body.payment.instructions.pix.qrSvg).toContain('<svg');
    const paid = await call('POST', `/api/appointments/${body.id}/payment/simulate`, cookies.patient);
    expect(paid.json().payment.status).toBe('paid');
    expect(paid.json().holdExpiresAt).toBeNull();
    const pending = await call('GET', '/api/doctor/appointments?filter=pending', cookies.doctor);
    expect(pending.json().items.map((a: { id: string }) => a.id)).toContain(body.id);
  });

  it('boleto: asks for the billing address once, then a digitable line held until its due date', async () => {
    const payer = await createPatient(app.db);
    const cookie = await signIn(payer.email, payer.password);
    const book = (startsAt: string, billingAddress?: object) =>
      call('POST', '/api/appointments', cookie, {
        doctorId: doctor.doctorId,
        startsAt,
        method: 'boleto',
        acceptPolicy: true,
        ...(billingAddress ? { billingAddress } : {}),
      });
    const stored = async (who = cookie) => call('GET', '/api/patient/billing-address', who);
    expect((await stored()).json()).toEqual({ billingAddress: null });
    expect((await stored(cookies.doctor)).statusCode).toBe(403);
    const withoutAddress = await book(slotAt(9));
    expect(withoutAddress.statusCode).toBe(400);
    expect(withoutAddress.json().fieldErrors).toEqual({
      billingAddress: APPOINTMENT_MESSAGES.addressRequired,
    });
    const badAddress = await book(slotAt(9), {
      ...SAMPLE_BILLING_ADDRESS,
      postalCode: '0131',
      state: 'XX',
      city: ' ',
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().fieldErrors).toMatchObject({
      'billingAddress.postalCode': APPOINTMENT_MESSAGES.postalCodeInvalid,
      'billingAddress.state': APPOINTMENT_MESSAGES.stateRequired,
      'billingAddress.city': APPOINTMENT_MESSAGES.cityRequired,
    });
    expect(await app.db.select().from(appointments).where(eq(appointments.patientId, payer.id))).toEqual([]);

    const res = await book(slotAt(9), SAMPLE_BILLING_ADDRESS);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.payment.instructions.boleto.digitableLine.replace(/\D/g, '')).toHaveLength(47);
    expect(new Date(body.holdExpiresAt).getTime()).toBeGreaterThan(Date.now() + 15 * 60_000);
    // Kept on the profile (CEP as digits), and used by the next boleto without asking again.
    const [profile] = await app.db.select().from(userProfiles).where(eq(userProfiles.id, payer.id));
    expect(profile?.billingAddress).toEqual({ ...SAMPLE_BILLING_ADDRESS, postalCode: '01310100' });
    expect((await stored()).json()).toEqual({
      billingAddress: { ...SAMPLE_BILLING_ADDRESS, postalCode: '01310100' },
    });
    // Another patient's address is never theirs to read.
    expect((await stored(cookies.patient)).json().billingAddress).not.toEqual(profile?.billingAddress);
    // One unpaid hold per doctor: the next boleto goes to another doctor, with the kept address.
    expect((await book(slotAt(9, '15:00'))).json().code).toBe('hold_with_doctor');
    const next = await call('POST', '/api/appointments', cookie, {
      doctorId: otherDoctor.doctorId,
      startsAt: slotAt(9, '15:00'),
      method: 'boleto',
      acceptPolicy: true,
    });
    expect(next.statusCode).toBe(201);
  });

  it('a declined card says why and leaves the hold to try another; the second-step card waits for it', async () => {
    const id = (await bookAs(cookies.patient, slotAt(10))).json().id;
    const declined = await call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.declined,
    });
    expect(declined.json().payment).toMatchObject({
      status: 'pending',
      failureMessage: 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.',
    });
    const step = await call('POST', `/api/appointments/${id}/payment/card`, cookies.patient, {
      number: SANDBOX_CARDS.secondStep,
    });
    expect(step.json().payment).toMatchObject({
      status: 'pending',
      needsSecondStep: true,
      failureMessage: null,
    });
    const done = await call('POST', `/api/appointments/${id}/payment/simulate`, cookies.patient);
    expect(done.json().payment.status).toBe('processing');
  });

  it('a payment event that arrives again is applied once', async () => {
    const payer = await createPatient(app.db);
    const cookie = await signIn(payer.email, payer.password);
    const id = (await bookAs(cookie, slotAt(11), 'pix')).json().id;
    const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, id));
    const event = {
      id: 'evt_replayed_1',
      type: 'paid' as const,
      providerRef: payment?.providerRef as string,
    };
    await Promise.all(Array.from({ length: 5 }, () => applyProviderEvent(app.booking, 'sandbox', event)));
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, payer.id), eq(notifications.type, 'appointment.requested')));
    expect(told).toHaveLength(1);
    const [after] = await app.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id as string));
    expect(after?.status).toBe('paid');
  });
});

describe('the doctor answers', () => {
  it('accepting confirms and captures the card', async () => {
    const id = await requested(slotAt(12));
    const res = await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
  });

  it('rejecting cancels as "Médico indisponível" and gives the money back', async () => {
    const id = await requested(slotAt(13));
    const res = await call('POST', `/api/doctor/appointments/${id}/reject`, cookies.doctor);
    expect(res.json()).toMatchObject({
      status: 'canceled',
      cancellationReason: 'Médico indisponível',
      payment: { status: 'refunded' },
    });
    const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, id));
    const [refund] = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id as string));
    expect(refund).toMatchObject({ amount: 20000, reason: 'Médico indisponível', requestedBy: 'doctor' });
  });

  it('another doctor can neither see nor answer the request', async () => {
    const id = await requested(slotAt(14));
    expect(
      (await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.otherDoctor)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/appointments/${id}`, cookies.otherDoctor)).statusCode).toBe(404);
    expect(
      (await call('GET', '/api/doctor/appointments', cookies.otherDoctor))
        .json()
        .items.map((a: { id: string }) => a.id),
    ).not.toContain(id);
  });

  it('an unanswered request expires like a rejection', async () => {
    const id = await requested(slotAt(15));
    await expireRequest(app.booking, id, new Date(Date.now() + 25 * 3_600_000));
    const res = await call('GET', `/api/appointments/${id}`, cookies.patient);
    expect(res.json()).toMatchObject({
      status: 'canceled',
      canceledBy: 'system',
      payment: { status: 'refunded' },
    });
  });
});

describe('ownership and cancellation', () => {
  it('a patient cannot see, pay or cancel another patient’s appointment', async () => {
    const id = (await bookAs(cookies.patient, slotAt(16))).json().id;
    expect((await call('GET', `/api/appointments/${id}`, cookies.other)).statusCode).toBe(404);
    expect(
      (
        await call('POST', `/api/appointments/${id}/payment/card`, cookies.other, {
          number: SANDBOX_CARDS.approved,
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/appointments/${id}/cancel`, cookies.other, {})).statusCode).toBe(404);
    const mine = await call('GET', '/api/patient/appointments?scope=upcoming&pageSize=50', cookies.other);
    expect(mine.json().items.map((a: { id: string }) => a.id)).not.toContain(id);
  });

  it('a patient’s cancellation of a confirmed appointment more than 24 h ahead refunds in full', async () => {
    const id = await requested(slotAt(17));
    await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor);
    const preview = await call('GET', `/api/appointments/${id}/cancellation`, cookies.patient);
    expect(preview.json()).toMatchObject({ refund: 'full', amount: 20000 });
    const res = await call('POST', `/api/appointments/${id}/cancel`, cookies.patient, {
      reason: 'Imprevisto',
    });
    expect(res.json()).toMatchObject({
      status: 'canceled',
      canceledBy: 'patient',
      payment: { status: 'refunded' },
    });
  });

  it('the admin cancels with a reason and the patient is refunded', async () => {
    const id = await requested(slotAt(18));
    const missing = await call('POST', `/api/admin/appointments/${id}/cancel`, cookies.admin, {});
    expect(missing.statusCode).toBe(400);
    const res = await call('POST', `/api/admin/appointments/${id}/cancel`, cookies.admin, {
      reason: 'Pedido do paciente por telefone',
    });
    expect(res.json()).toMatchObject({
      status: 'canceled',
      canceledBy: 'admin',
      cancellationReason: 'Pedido do paciente por telefone',
      payment: { status: 'refunded' },
    });
    const list = await call('GET', '/api/admin/appointments?status=canceled&q=Booking', cookies.admin);
    expect(list.json().items.map((a: { id: string }) => a.id)).toContain(id);
  });

  it('the admin confirms and completes with reasons, and each reason is kept with who gave it', async () => {
    const id = await requested(slotAt(20));
    const confirmed = await call('POST', `/api/admin/appointments/${id}/confirm`, cookies.admin, {
      reason: 'Médico confirmou por telefone',
    });
    expect(confirmed.json()).toMatchObject({ status: 'confirmed', payment: { status: 'paid' } });
    const complete = () =>
      call('POST', `/api/admin/appointments/${id}/complete`, cookies.admin, { reason: 'Consulta realizada' });
    // Not before it happens, not even by the team.
    expect((await complete()).json().code).toBe('too_early');
    const startsAt = new Date(Date.now() - 60 * 60_000);
    await app.db
      .update(appointments)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000) })
      .where(eq(appointments.id, id));
    const completed = await complete();
    expect(completed.json().status).toBe('completed');
    const events = await app.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id));
    expect(events.map((e) => [e.actor, e.action, e.reason])).toEqual([
      ['system', 'requested', null],
      ['admin', 'confirmed', 'Médico confirmou por telefone'],
      ['admin', 'completed', 'Consulta realizada'],
    ]);
  });

  it('reminders are planned 24 h and 1 h before, reach both people, and never come for a moved or canceled one', async () => {
    const start = slotAt(21);
    const id = await requested(start);
    await call('POST', `/api/doctor/appointments/${id}/accept`, cookies.doctor);
    const planned = await app.db.execute(
      sql`select data->>'which' as which, data->>'startsAt' as "startsAt", start_after as "startAfter"
          from pgboss.job where name = 'appointment-reminder' and data->>'appointmentId' = ${id}
          order by start_after`,
    );
    const startMs = Date.parse(start);
    expect(
      (planned.rows as { which: string; startsAt: string; startAfter: string | Date }[]).map((r) => [
        r.which,
        Date.parse(r.startsAt),
        new Date(r.startAfter).getTime(),
      ]),
    ).toEqual([
      ['24h', startMs, startMs - 24 * 3_600_000],
      ['1h', startMs, startMs - 3_600_000],
    ]);
    const reminders = async () =>
      (
        await app.db
          .select({ userId: notifications.userId, type: notifications.type })
          .from(notifications)
          .where(eq(notifications.link, `/consulta/${id}`))
      ).filter((n) => n.type.includes('reminder'));

    await remind(app.booking, id, new Date(start), '24h');
    expect((await reminders()).map((n) => n.type).sort()).toEqual([
      'appointment.reminder_24h',
      'appointment.reminder_24h',
    ]);

    // Moved: the reminders planned for the old time do nothing.
    const moved = slotAt(21, '15:00');
    expect(
      (await call('POST', `/api/appointments/${id}/reschedule`, cookies.patient, { startsAt: moved }))
        .statusCode,
    ).toBe(200);
    await remind(app.booking, id, new Date(start), '1h');
    expect(await reminders()).toHaveLength(2);

    // Canceled: not even the ones planned for the new time.
    await call('POST', `/api/appointments/${id}/cancel`, cookies.patient, { reason: 'Imprevisto' });
    await remind(app.booking, id, new Date(moved), '1h');
    expect(await reminders()).toHaveLength(2);
  });

  it('a new request leaves the doctor time to answer before the 2 h deadline; an accepted one can still move closer', async () => {
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '00:00', endTime: '23:59' }));
    const anytime = await createDoctor(app.db, { fullName: 'Dra. Sem Antecedência', availability: allDay });
    await app.db
      .update(doctorProfiles)
      .set({ minNoticeMinutes: 0 })
      .where(eq(doctorProfiles.id, anytime.doctorId));
    const p = await createPatient(app.db);
    const cookie = await signIn(p.email, p.password);
    const now = Date.now();

    const listed = await call('GET', `/api/doctors/${anytime.doctorId}/slots?days=3`, cookie);
    const starts = (listed.json().days as { slots: { start: string }[] }[])
      .flatMap((d) => d.slots)
      .map((s) => Date.parse(s.start));
    const first = starts[0] as number;
    expect(first).toBeGreaterThanOrEqual(now + REQUEST_MIN_LEAD_MINUTES * 60_000);
    // The next half hour after the lead (an hour at most, past the window's last minute at midnight).
    expect(first).toBeLessThanOrEqual(now + (REQUEST_MIN_LEAD_MINUTES + 60) * 60_000);

    // A slot an hour from now, on the doctor's half-hour grid (not the one cut short at 23:59).
    const HALF_HOUR = 30 * 60_000;
    let soon = Math.ceil((now + 60 * 60_000) / HALF_HOUR) * HALF_HOUR;
    if (new Date(soon - 3 * 3_600_000).getUTCHours() === 23 && new Date(soon).getUTCMinutes() === 30)
      soon += HALF_HOUR;
    const soonIso = new Date(soon).toISOString();
    const tooSoon = await bookAs(cookie, soonIso, 'card', anytime.doctorId);
    expect(tooSoon.statusCode).toBe(409);

    const booked = await bookAs(
      cookie,
      new Date(first + 24 * 3_600_000).toISOString(),
      'card',
      anytime.doctorId,
    );
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    await call('POST', `/api/appointments/${id}/payment/card`, cookie, { number: SANDBOX_CARDS.approved });
    const doctorCookie = await signIn(anytime.email, anytime.password);
    expect((await call('POST', `/api/doctor/appointments/${id}/accept`, doctorCookie)).statusCode).toBe(200);
    const moved = await call('POST', `/api/appointments/${id}/reschedule`, cookie, { startsAt: soonIso });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'confirmed', startsAt: soonIso });
  });

  it('the booking search keeps only doctors free from the chosen date, and never one without opening hours', async () => {
    const free = await createDoctor(app.db, { fullName: 'Dra. Busca Livre', availability: everyDay });
    await createDoctor(app.db, { fullName: 'Dr. Busca Sem Horários', availability: [] });
    const search = async (params: string) =>
      (await call('GET', `/api/booking/doctors?q=Busca&${params}`, cookies.patient)).json() as {
        total: number;
        items: { id: string; name: string; nextSlots: unknown[] }[];
      };
    // A doctor with no opening hours is not offered at all (decision 102).
    const all = await search('sort=name');
    expect(all.items.map((d) => d.name)).toEqual(['Dra. Busca Livre']);
    const from = addDays(localDateOf(new Date(), SP), 2);
    const available = await search(`sort=name&from=${from}`);
    expect(available).toMatchObject({ total: 1, items: [{ id: free.doctorId }] });
    expect(available.items[0]?.nextSlots.length).toBe(3);
    const soonest = await search('sort=next');
    expect(soonest.items.map((d) => d.name)).toEqual(['Dra. Busca Livre']);
  });

  it('the doctor’s "Recusadas" are the requests refused or left unanswered, not those the patient withdrew', async () => {
    const refused = await requested(slotAt(22));
    await call('POST', `/api/doctor/appointments/${refused}/reject`, cookies.doctor);
    const withdrawn = await requested(slotAt(22, '14:00'));
    await call('POST', `/api/appointments/${withdrawn}/cancel`, cookies.patient, {});
    const ids = async (filter: string) =>
      (await call('GET', `/api/doctor/appointments?filter=${filter}&pageSize=50`, cookies.doctor))
        .json()
        .items.map((a: { id: string }) => a.id) as string[];
    const rejected = await ids('rejected');
    expect(rejected).toContain(refused);
    expect(rejected).not.toContain(withdrawn);
    expect(await ids('all')).toEqual(expect.arrayContaining([refused, withdrawn]));
  });

  it('a paid boleto is returned by a PIX transfer the team records: owed until then, never shown as refunded before', async () => {
    const payer = await createPatient(app.db);
    const cookie = await signIn(payer.email, payer.password);
    const booked = await call('POST', '/api/appointments', cookie, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(23),
      method: 'boleto',
      acceptPolicy: true,
      billingAddress: SAMPLE_BILLING_ADDRESS,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    expect((await call('POST', `/api/appointments/${id}/payment/simulate`, cookie)).statusCode).toBe(200);
    const rejected = await call('POST', `/api/doctor/appointments/${id}/reject`, cookies.doctor);
    expect(rejected.statusCode).toBe(200);

    const owed = (await call('GET', `/api/appointments/${id}`, cookie)).json();
    expect(owed).toMatchObject({
      status: 'canceled',
      payment: { status: 'paid', refund: { amount: 20000, status: 'awaiting_transfer', settledAt: null } },
    });
    const told = async (type: string) =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, payer.id), eq(notifications.type, type)));
    // One message: the rejection says how the money comes back.
    const [rejection] = await told('appointment.rejected');
    expect(rejection?.body).toContain('vamos devolver R$ 200,00 por PIX');
    const allTold = await app.db.select().from(notifications).where(eq(notifications.userId, payer.id));
    expect(allTold.map((n) => n.type).sort()).toEqual([
      'appointment.received',
      'appointment.rejected',
      'appointment.requested',
    ]);

    const owedList = async () =>
      (await call('GET', '/api/admin/payments?refund=awaiting_transfer&pageSize=50', cookies.admin))
        .json()
        .items.map((p: { appointmentId: string }) => p.appointmentId) as string[];
    expect(await owedList()).toEqual([id]);
    const url = `/api/admin/appointments/${id}/refund-transfer`;
    expect((await call('POST', url, cookie, { reference: 'E123' })).statusCode).toBe(403);
    const blank = await call('POST', url, cookies.admin, { reference: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reference).toBe(APPOINTMENT_MESSAGES.transferReferenceRequired);
    const reference = 'E00000000202611251000abcdef';
    const settled = await call('POST', url, cookies.admin, { reference });
    expect(settled.statusCode).toBe(200);
    expect(settled.json().payment).toMatchObject({ status: 'refunded', refund: { status: 'done' } });
    const [stored] = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, settled.json().payment.id));
    expect(stored).toMatchObject({ providerRef: reference, status: 'done' });
    expect(stored?.settledAt).toBeInstanceOf(Date);
    expect(await told('appointment.refunded')).toHaveLength(1);
    expect(await owedList()).toEqual([]);
    const again = await call('POST', url, cookies.admin, { reference: 'E999' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(APPOINTMENT_MESSAGES.noTransferOwed);
    const events = await app.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id));
    expect(events.map((e) => [e.actor, e.action, e.reason])).toContainEqual([
      'admin',
      'refund_transferred',
      reference,
    ]);
  });

  it('a request moved nearer must still be answered by 2 h before its new start', async () => {
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '00:00', endTime: '23:59' }));
    const near = await createDoctor(app.db, { fullName: 'Dra. Remarcação Próxima', availability: allDay });
    await app.db
      .update(doctorProfiles)
      .set({ minNoticeMinutes: 0 })
      .where(eq(doctorProfiles.id, near.doctorId));
    const p = await createPatient(app.db);
    const cookie = await signIn(p.email, p.password);
    const listed = await call('GET', `/api/doctors/${near.doctorId}/slots?days=3`, cookie);
    const starts = (listed.json().days as { slots: { start: string }[] }[])
      .flatMap((d) => d.slots)
      .map((s) => s.start);
    const [soonest, , , , , , , later] = starts as string[];
    const booked = await bookAs(cookie, later as string, 'card', near.doctorId);
    const id = booked.json().id as string;
    await call('POST', `/api/appointments/${id}/payment/card`, cookie, { number: SANDBOX_CARDS.approved });
    const moved = await call('POST', `/api/appointments/${id}/reschedule`, cookie, { startsAt: soonest });
    expect(moved.statusCode).toBe(200);
    expect(Date.parse(moved.json().respondBy)).toBe(Date.parse(soonest as string) - 2 * 3_600_000);
  });

  it('rescheduling moves into another free slot without paying again', async () => {
    const id = await requested(slotAt(19));
    const to = slotAt(19, '14:00');
    const res = await call('POST', `/api/appointments/${id}/reschedule`, cookies.patient, { startsAt: to });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      startsAt: new Date(to).toISOString(),
      payment: { status: 'processing' },
    });
    const [count] = await app.db.select().from(payments).where(eq(payments.appointmentId, id));
    expect(count).toBeDefined();
  });
});
