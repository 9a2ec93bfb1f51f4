import { RED_FLAG_IDS } from '@pulsa/shared/on-demand/triage';
import type { LiveFrame } from '@pulsa/shared/schemas/live';
import { ON_DEMAND_MESSAGES as M, type OnDemandServiceInput } from '@pulsa/shared/schemas/on-demand';
import { NO_DOCTOR_YET } from '@pulsa/shared/schemas/payments-admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hasError, parsePix } from 'pix-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  appointmentEvents,
  appointments,
  notifications,
  payments,
  queuePredictions,
  refunds,
  specialties,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { ledgerOf, unbalancedTransactions } from '../../test/ledger.ts';
import { multipartFile } from '../../test/multipart.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { testDatabaseUrl } from '../../test/test-database.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { runTransition } from '../appointments/appointments.lifecycle.ts';
import { applyProviderEvent } from '../appointments/appointments.payment-events.ts';
import { sweepOverdue } from '../appointments/appointments.sweep.ts';
import { expireHold, expireRequest, missedCall } from '../appointments/appointments.timers.ts';
import { presence } from '../consultations/consultations.service.ts';
import { samplePdf } from '../files/files.samples.ts';
import { parsePixPayload } from '../payments/pix-brcode.ts';
import { SANDBOX_CARDS, sandboxEventId } from '../payments/sandbox-provider.ts';
import { recentLengths } from './on-demand.repository.ts';
import { callNext, join, payWithTestCard } from './on-demand.service.ts';

/**
 * Pronto atendimento through the API (decision 143): joining takes no money for a wait it cannot
 * meet, the line moves as people leave, two doctors never take one patient, and every way out of the
 * line before a call gives the money back once.
 */

let app: FastifyInstance;
let adminCookie = '';
let n = 0;

const ALL_DAY = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, from: '00:00', to: '24:00' }));
const SERVICE: OnDemandServiceInput = {
  enabled: true,
  price: 9_000,
  maxWaitMinutes: 60,
  capacity: 50,
  consultationMinutes: 15,
  hours: ALL_DAY,
};
const noFlags = Object.fromEntries(RED_FLAG_IDS.map((id) => [id, false]));

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

async function signIn(user: { email: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

/** A specialty of its own per test, offered on demand with these settings. */
async function specialty(settings: Partial<OnDemandServiceInput> = {}) {
  n += 1;
  const [row] = await app.db
    .insert(specialties)
    .values({
      name: `Plantão ${n}`,
      slug: `plantao-${n}-${Date.now()}`,
      description: 'Teste.',
      icon: 'stethoscope',
    })
    .returning({ id: specialties.id });
  const id = (row as { id: string }).id;
  const res = await call('PUT', `/api/admin/on-demand/${id}`, adminCookie, { ...SERVICE, ...settings });
  expect(res.statusCode).toBe(200);
  return id;
}

async function doctorOn(specialtyId: string, onDuty = true) {
  const doctor = await createDoctor(app.db, { specialtyId });
  const cookie = await signIn(doctor);
  if (onDuty)
    expect((await call('PUT', '/api/on-demand/duty', cookie, { onDuty: true })).statusCode).toBe(200);
  return { ...doctor, cookie };
}

async function patient() {
  const person = await createPatient(app.db);
  return { ...person, cookie: await signIn(person) };
}

const joinBody = (specialtyId: string, extra: object = {}) => ({
  specialtyId,
  complaint: 'Febre de 38 graus desde ontem e dor de garganta.',
  redFlags: noFlags,
  method: 'card',
  acceptTerms: true,
  ...extra,
});

/** Joins and holds the card: in line. */
async function inLine(specialtyId: string) {
  const person = await patient();
  const joined = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(specialtyId));
  expect(joined.statusCode).toBe(201);
  const id = joined.json().id as string;
  const paid = await call('POST', `/api/on-demand/tickets/${id}/card`, person.cookie, {
    number: SANDBOX_CARDS.approved,
  });
  expect(paid.statusCode).toBe(200);
  expect(paid.json().stage).toBe('waiting');
  return { ...person, ticketId: id };
}

const ticket = async (cookie: string) => (await call('GET', '/api/on-demand/ticket', cookie)).json().ticket;
const countRows = async (table: 'appointments' | 'payments') =>
  Number(
    (await app.db.execute<{ n: string }>(sql`select count(*) as n from ${sql.identifier(table)}`)).rows[0]?.n,
  );

beforeAll(async () => {
  app = await createTestApp();
  const admin = await createAdmin(app.db);
  adminCookie = await signIn(admin);
  await enrolTwoFactor(app, adminCookie);
});

describe('joining', () => {
  it('is refused without money taken when no doctor is on duty, outside hours, or full', async () => {
    const before = { a: await countRows('appointments'), p: await countRows('payments') };
    const empty = await specialty();
    const person = await patient();
    const noDoctor = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(empty));
    expect(noDoctor.statusCode).toBe(409);
    expect(noDoctor.json()).toMatchObject({ code: 'no_doctor', message: M.noDoctor });

    const closed = await specialty({ hours: [] });
    await doctorOn(closed);
    const outside = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(closed));
    expect(outside.statusCode).toBe(409);
    expect(outside.json().code).toBe('closed_hours');
    expect(outside.json().message).toContain(M.closedHours);

    const small = await specialty({ capacity: 1 });
    await doctorOn(small);
    await inLine(small);
    const full = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(small));
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'full', message: M.full });

    // One patient got in (the one in line); the refusals wrote nothing.
    expect(await countRows('appointments')).toBe(before.a + 1);
    expect(await countRows('payments')).toBe(before.p + 1);
  });

  it('refuses when the forecast passes the guarantee', async () => {
    // One doctor, 15-minute consultations, 20-minute guarantee: the second in line would wait too long.
    const id = await specialty({ maxWaitMinutes: 20 });
    await doctorOn(id);
    await inLine(id);
    await inLine(id);
    const person = await patient();
    const res = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(id));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'over_guarantee', message: M.overGuarantee });
  });

  it('sends a red flag to SAMU, not to the queue, whatever else was sent', async () => {
    const id = await specialty();
    await doctorOn(id);
    const person = await patient();
    const before = await countRows('appointments');
    const res = await call(
      'POST',
      '/api/on-demand/tickets',
      person.cookie,
      joinBody(id, { redFlags: { ...noFlags, chest_pain: true } }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'emergency', message: M.emergency });
    expect(await countRows('appointments')).toBe(before);
  });

  it('answers bad input with Portuguese messages', async () => {
    const id = await specialty();
    const person = await patient();
    const res = await call('POST', '/api/on-demand/tickets', person.cookie, {
      specialtyId: id,
      complaint: 'dor',
      redFlags: noFlags,
      acceptTerms: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      complaint: M.complaintTooShort,
      acceptTerms: M.termsRequired,
    });
  });

  it('lets a patient hold one place at a time', async () => {
    const id = await specialty();
    await doctorOn(id);
    const person = await inLine(id);
    const again = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(id));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_waiting');
  });
});

describe('waiting', () => {
  it('moves the line when someone ahead leaves, and leaving releases the card in full', async () => {
    const id = await specialty();
    await doctorOn(id);
    const first = await inLine(id);
    const second = await inLine(id);
    expect((await ticket(second.cookie)).position).toBe(2);
    const eta = (await ticket(second.cookie)).eta;
    expect(eta).not.toBeNull();

    const left = await call('POST', `/api/on-demand/tickets/${first.ticketId}/leave`, first.cookie);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ stage: 'left', refundedAmount: 9_000 });
    expect((await ticket(second.cookie)).position).toBe(1);
    const [pay] = await app.db.select().from(payments).where(eq(payments.appointmentId, first.ticketId));
    expect(pay?.status).toBe('refunded');
    const [told] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, first.id))
      .orderBy(sql`created_at desc`);
    expect(told?.title).toBe('Você saiu da fila');
    expect(told?.body).toContain('foi liberada: nada foi cobrado');
    expect(await unbalancedTransactions(app.db)).toEqual([]);
  });

  it('keeps each ticket its patient’s: another patient reads 404 and cannot leave it', async () => {
    const id = await specialty();
    await doctorOn(id);
    const owner = await inLine(id);
    const other = await patient();
    expect(
      (await call('POST', `/api/on-demand/tickets/${owner.ticketId}/leave`, other.cookie)).statusCode,
    ).toBe(404);
    expect(await ticket(other.cookie)).toBeNull();
    expect((await ticket(owner.cookie)).stage).toBe('waiting');
    // Nor does a patient call the line, nor does the appointment page show the queue to anyone.
    expect((await call('POST', '/api/on-demand/duty/call-next', other.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/appointments/${owner.ticketId}`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('files with the complaint', () => {
  const attach = async (id: string, cookie: string, bytes: Buffer, name: string) => {
    const form = multipartFile(bytes, name);
    return app.inject({
      method: 'POST',
      url: `/api/on-demand/tickets/${id}/files`,
      payload: form.payload,
      headers: { ...form.headers, cookie },
    });
  };

  it('are sent while waiting, reach the doctor who calls, and stop at the call', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    const waiting = await inLine(id);
    const pdf = await samplePdf(['Hemograma completo']);
    const sent = await attach(waiting.ticketId, waiting.cookie, pdf, 'hemograma.pdf');
    expect(sent.statusCode).toBe(200);
    expect(sent.json().files).toMatchObject([{ name: 'hemograma.pdf', mime: 'application/pdf' }]);
    // Someone else's ticket is a 404; a file that is not an image or PDF, a Portuguese 415.
    const other = await patient();
    expect((await attach(waiting.ticketId, other.cookie, pdf, 'x.pdf')).statusCode).toBe(404);
    const bad = await attach(waiting.ticketId, waiting.cookie, Buffer.from('not a file'), 'x.exe');
    expect(bad.statusCode).toBe(415);
    expect(bad.json().message).toBe('Formato não suportado');

    const called = await call('POST', '/api/on-demand/duty/call-next', doctor.cookie);
    const duty = await call('GET', '/api/on-demand/duty', doctor.cookie);
    expect(duty.json().current.files).toMatchObject([{ name: 'hemograma.pdf' }]);
    const fileId = duty.json().current.files[0].id;
    const opened = await call(
      'GET',
      `/api/consultations/${called.json().appointmentId}/messages/${fileId}/file`,
      doctor.cookie,
    );
    expect(opened.statusCode).toBe(200);
    const late = await attach(waiting.ticketId, waiting.cookie, pdf, 'outro.pdf');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(M.cannotAttach);
  });
});

describe('the call', () => {
  it('gives the head of the line to one doctor, captures the card, and a doctor never holds two', async () => {
    const id = await specialty();
    const a = await doctorOn(id);
    const b = await doctorOn(id);
    const only = await inLine(id);
    const [ra, rb] = await Promise.all([
      call('POST', '/api/on-demand/duty/call-next', a.cookie),
      call('POST', '/api/on-demand/duty/call-next', b.cookie),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([200, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().code).toBe('queue_empty');
    const winner = ra.statusCode === 200 ? a : b;
    expect((ra.statusCode === 200 ? ra : rb).json().appointmentId).toBe(only.ticketId);

    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, only.ticketId));
    expect(row).toMatchObject({ status: 'confirmed', doctorId: winner.doctorId, kind: 'on_demand' });
    const [pay] = await app.db.select().from(payments).where(eq(payments.appointmentId, only.ticketId));
    expect(pay).toMatchObject({ status: 'paid', doctorId: winner.doctorId });
    expect(await unbalancedTransactions(app.db)).toEqual([]);
    const seen = await ticket(only.cookie);
    expect(seen).toMatchObject({ stage: 'called', position: null });
    expect(seen.doctorName).toBeTruthy();
    // The room is the booked consultation's: the doctor reaches it like any other.
    expect((await call('GET', `/api/appointments/${only.ticketId}`, winner.cookie)).statusCode).toBe(200);

    await inLine(id);
    const second = await call('POST', '/api/on-demand/duty/call-next', winner.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'already_holding', message: M.alreadyHolding });
  });

  it('refuses a doctor off duty, and off duty strands nobody', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    const waiting = await inLine(id);
    const off = await call('PUT', '/api/on-demand/duty', doctor.cookie, { onDuty: false });
    expect(off.json()).toMatchObject({ onDuty: false, waiting: 1 });
    const res = await call('POST', '/api/on-demand/duty/call-next', doctor.cookie);
    expect(res.json()).toMatchObject({ code: 'not_on_duty', message: M.notOnDuty });
    const seen = await ticket(waiting.cookie);
    expect(seen).toMatchObject({ stage: 'waiting', position: 1, eta: null, doctorsOnDuty: 0 });
  });

  it('a called patient who never comes in is a no-show after 5 minutes, not before', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    const waiting = await inLine(id);
    await call('POST', '/api/on-demand/duty/call-next', doctor.cookie);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, waiting.ticketId));
    const calledAt = row?.calledAt as Date;
    await missedCall(app.booking, waiting.ticketId, new Date(calledAt.getTime() + 4 * 60_000));
    expect((await ticket(waiting.cookie)).stage).toBe('called');
    const late = new Date(calledAt.getTime() + 5 * 60_000 + 1);
    await missedCall(app.booking, waiting.ticketId, late);
    expect((await ticket(waiting.cookie)).stage).toBe('no_show');
    // Stated rule: charged like a missed consultation; the doctor is free from then on.
    const [pay] = await app.db.select().from(payments).where(eq(payments.appointmentId, waiting.ticketId));
    expect(pay?.status).toBe('paid');
    const [ended] = await app.db.select().from(appointments).where(eq(appointments.id, waiting.ticketId));
    expect(ended?.endsAt.getTime()).toBe(late.getTime());
    const duty = await call('GET', '/api/on-demand/duty', doctor.cookie);
    expect(duty.json().current).toBeNull();
  });

  it('the overdue sweep marks the no-show when the missed-call job was lost, once', async () => {
    const id = await specialty();
    const absentDoctor = await doctorOn(id);
    const seenDoctor = await doctorOn(id);
    const absent = await inLine(id);
    const present = await inLine(id);
    // Each call stores its job after commit; a process that died right then stored none.
    await call('POST', '/api/on-demand/duty/call-next', absentDoctor.cookie);
    await call('POST', '/api/on-demand/duty/call-next', seenDoctor.cookie);
    // One patient came into the room (the waiting room counts, as for the job); the other never did.
    await presence(
      {
        db: app.db,
        iceServers: app.config.iceServers,
        turn: app.config.turn,
        storage: undefined as never,
        appointments: app.booking,
      },
      { id: present.id, role: 'patient' },
      present.ticketId,
      'join',
    );
    const rows = await app.db.select().from(appointments).where(eq(appointments.specialtyId, id));
    const calledAt = Math.max(...rows.map((r) => (r.calledAt as Date).getTime()));
    const statusOf = async (ticketId: string) =>
      (await app.db.select().from(appointments).where(eq(appointments.id, ticketId)))[0]?.status;

    await sweepOverdue(app.booking, new Date(calledAt + 4 * 60_000));
    expect(await statusOf(absent.ticketId)).toBe('confirmed');

    const late = new Date(calledAt + 6 * 60_000);
    const swept = await sweepOverdue(app.booking, late);
    expect((await ticket(absent.cookie)).stage).toBe('no_show');
    expect(swept.missedCalls).toBeGreaterThanOrEqual(1);
    expect(swept.failed).toBe(0);
    expect(await statusOf(present.ticketId)).toBe('confirmed');
    // The doctor is free for the next call; the one whose patient came still holds them.
    expect((await call('GET', '/api/on-demand/duty', absentDoctor.cookie)).json().current).toBeNull();
    expect((await call('GET', '/api/on-demand/duty', seenDoctor.cookie)).json().current).not.toBeNull();

    // A second run, and the job arriving after the sweep, find nothing left to do.
    expect(await sweepOverdue(app.booking, late)).toMatchObject({ missedCalls: 0, failed: 0 });
    await missedCall(app.booking, absent.ticketId, late);
    const noShows = await app.db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, absent.ticketId));
    expect(noShows.filter((e) => e.action === 'no_show')).toHaveLength(1);
    expect(await statusOf(present.ticketId)).toBe('confirmed');
  });
});

describe('paid by PIX', () => {
  /** Joins paying by PIX: the charge is issued, the place waits for the money. */
  async function joinWithPix(specialtyId: string) {
    const person = await patient();
    const joined = await call(
      'POST',
      '/api/on-demand/tickets',
      person.cookie,
      joinBody(specialtyId, { method: 'pix' }),
    );
    expect(joined.statusCode).toBe(201);
    return { ...person, ticketId: joined.json().id as string, joined: joined.json() };
  }
  const payPix = (who: { cookie: string; ticketId: string }) =>
    call('POST', `/api/on-demand/tickets/${who.ticketId}/payment/simulate`, who.cookie);
  /** The payment as the team's payments page lists it (found by its id). */
  const listed = async (paymentId: string) => {
    const res = await call('GET', `/api/admin/payments?q=${paymentId}`, adminCookie);
    expect(res.statusCode).toBe(200);
    return res.json().items as Record<string, unknown>[];
  };
  const paymentOf = async (ticketId: string) =>
    (
      await app.db.select().from(payments).where(eq(payments.appointmentId, ticketId))
    )[0] as typeof payments.$inferSelect;

  it('holds the place until paid, keeps the money for whichever doctor calls, and the call splits it', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    const person = await joinWithPix(id);
    expect(person.joined).toMatchObject({ stage: 'awaiting_payment', position: null });
    expect(person.joined.payment).toMatchObject({ method: 'pix', status: 'pending', sandbox: true });
    // The charge is a valid BR Code for the service's price, read by our parser and by an
    // independent one (what the patient's bank app does with it).
    const payload = person.joined.payment.pix.payload as string;
    expect(parsePixPayload(payload).amount).toBe(9_000);
    const independent = parsePix(payload);
    expect(hasError(independent)).toBe(false);
    expect(independent).toMatchObject({ type: 'STATIC', transactionAmount: 90, countryCode: 'BR' });
    // Not in line yet: the doctor's call finds nobody.
    expect((await call('POST', '/api/on-demand/duty/call-next', doctor.cookie)).json().code).toBe(
      'queue_empty',
    );

    const paid = await payPix(person);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ stage: 'waiting', position: 1, payment: { status: 'paid' } });
    expect(paid.json().payment.pix).toBeUndefined();
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, person.id));
    expect(told.find((t) => t.type === 'on_demand.queued')?.body).toContain('Recebemos seu PIX de R$ 90,00');
    // Received, and nobody's yet: no commission, no doctor's share before the call.
    const before = await paymentOf(person.ticketId);
    expect(await ledgerOf(app.db, before.id)).toMatchObject([
      { kind: 'capture', lines: { patient_payments: 9_000, awaiting_doctor: -9_000 } },
    ]);
    // The team sees the money received, and that it awaits a doctor.
    expect(await listed(before.id)).toMatchObject([
      { doctorName: NO_DOCTOR_YET, state: 'paid', kept: { awaitingDoctor: 9_000, doctor: 0, commission: 0 } },
    ]);
    // Paid twice (the bank's event replayed) moves nothing more.
    expect((await payPix(person)).statusCode).toBe(409);

    const called = await call('POST', '/api/on-demand/duty/call-next', doctor.cookie);
    expect(called.json().appointmentId).toBe(person.ticketId);
    const after = await paymentOf(person.ticketId);
    expect(after).toMatchObject({ status: 'paid', doctorId: doctor.doctorId });
    expect((await ledgerOf(app.db, after.id)).map((t) => t.lines)).toEqual([
      { patient_payments: 9_000, awaiting_doctor: -9_000 },
      {
        awaiting_doctor: 9_000,
        platform_commission: -after.platformFee,
        doctor_held: -after.doctorAmount,
      },
    ]);
    expect(await listed(after.id)).toMatchObject([
      {
        doctorName: doctor.fullName,
        kept: { awaitingDoctor: 0, doctor: after.doctorAmount, commission: after.platformFee },
      },
    ]);
    expect(await unbalancedTransactions(app.db)).toEqual([]);
  });

  it('leaving after paying gives the PIX back in full, out of what awaited a doctor', async () => {
    const id = await specialty();
    await doctorOn(id);
    const person = await joinWithPix(id);
    await payPix(person);
    const left = await call('POST', `/api/on-demand/tickets/${person.ticketId}/leave`, person.cookie);
    expect(left.json()).toMatchObject({ stage: 'left', refundedAmount: 9_000 });
    const pay = await paymentOf(person.ticketId);
    expect(pay.status).toBe('refunded');
    expect((await ledgerOf(app.db, pay.id)).map((t) => t.lines)).toEqual([
      { patient_payments: 9_000, awaiting_doctor: -9_000 },
      { refunds: -9_000, awaiting_doctor: 9_000 },
    ]);
    // Given back before any doctor: listed with no doctor, all of it returned.
    expect(await listed(pay.id)).toMatchObject([
      { doctorName: NO_DOCTOR_YET, state: 'refunded', kept: { returned: 9_000, awaitingDoctor: 0 } },
    ]);
    const [told] = await app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, person.id))
      .orderBy(sql`created_at desc`);
    expect(told?.body).toContain('Devolvemos R$ 90,00 pelo mesmo meio de pagamento.');
  });

  it('the guarantee gives a PIX back once, even when its job runs twice', async () => {
    const id = await specialty();
    await doctorOn(id);
    const person = await joinWithPix(id);
    await payPix(person);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, person.ticketId));
    const deadline = row?.respondBy as Date;
    const late = new Date(deadline.getTime() + 1);
    await Promise.all([
      expireRequest(app.booking, person.ticketId, late),
      expireRequest(app.booking, person.ticketId, late),
    ]);
    expect(await ticket(person.cookie)).toMatchObject({ stage: 'refunded_timeout', refundedAmount: 9_000 });
    const pay = await paymentOf(person.ticketId);
    expect(await app.db.select().from(refunds).where(eq(refunds.paymentId, pay.id))).toHaveLength(1);
    expect((await ledgerOf(app.db, pay.id)).map((t) => t.kind)).toEqual(['capture', 'refund']);
  });

  it('an unpaid PIX lapses without a charge, and one paid after that goes straight back', async () => {
    const id = await specialty();
    await doctorOn(id);
    const person = await joinWithPix(id);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, person.ticketId));
    const payBy = row?.holdExpiresAt as Date;
    await expireHold(app.booking, person.ticketId, new Date(payBy.getTime() + 1));
    expect((await ticket(person.cookie)).stage).toBe('ended');
    const lapsed = await paymentOf(person.ticketId);
    expect(lapsed.status).toBe('failed');
    expect(await ledgerOf(app.db, lapsed.id)).toEqual([]);
    // The bank pays it anyway, late: the money is received and returned, never kept.
    await applyProviderEvent(app.booking, 'sandbox', {
      id: sandboxEventId(),
      type: 'paid',
      providerRef: lapsed.providerRef as string,
    });
    const back = await paymentOf(person.ticketId);
    expect(back.status).toBe('refunded');
    expect((await ledgerOf(app.db, back.id)).map((t) => t.lines)).toEqual([
      { patient_payments: 9_000, awaiting_doctor: -9_000 },
      { refunds: -9_000, awaiting_doctor: 9_000 },
    ]);
    expect(await unbalancedTransactions(app.db)).toEqual([]);
  });
});

describe('the guarantee', () => {
  it('releases the card once when no doctor calls in time, even when the job runs twice', async () => {
    const id = await specialty();
    await doctorOn(id);
    const waiting = await inLine(id);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, waiting.ticketId));
    const deadline = row?.respondBy as Date;
    await expireRequest(app.booking, waiting.ticketId, new Date(deadline.getTime() - 1));
    expect((await ticket(waiting.cookie)).stage).toBe('waiting');
    const late = new Date(deadline.getTime() + 1);
    await Promise.all([
      expireRequest(app.booking, waiting.ticketId, late),
      expireRequest(app.booking, waiting.ticketId, late),
    ]);
    const seen = await ticket(waiting.cookie);
    expect(seen).toMatchObject({ stage: 'refunded_timeout', refundedAmount: 9_000 });
    const [pay] = await app.db.select().from(payments).where(eq(payments.appointmentId, waiting.ticketId));
    const given = await app.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, pay?.id as string));
    expect(given).toHaveLength(1);
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, waiting.id));
    expect(told.filter((t) => t.type === 'on_demand.queue_timeout')).toHaveLength(1);
    // And may join again.
    const again = await call('POST', '/api/on-demand/tickets', waiting.cookie, joinBody(id));
    expect(again.statusCode).toBe(201);
  });

  it('a call after the deadline takes nobody: the lapsed wait is refunded, not charged', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    const waiting = await inLine(id);
    const [row] = await app.db.select().from(appointments).where(eq(appointments.id, waiting.ticketId));
    const deadline = row?.respondBy as Date;
    const late = new Date(deadline.getTime() + 1_000);
    // The doctor presses "Chamar próximo" before the guarantee's job has run.
    await expect(callNext(app.booking, { id: doctor.id, role: 'doctor' }, late)).rejects.toMatchObject({
      options: { code: 'queue_empty' },
    });
    await expireRequest(app.booking, waiting.ticketId, late);
    expect(await ticket(waiting.cookie)).toMatchObject({ stage: 'refunded_timeout', refundedAmount: 9_000 });
  });

  it('closing the queue releases everyone waiting, tells them, and refuses new joins', async () => {
    const id = await specialty();
    await doctorOn(id);
    const a = await inLine(id);
    const b = await inLine(id);
    const res = await call('POST', `/api/admin/on-demand/${id}/close`, adminCookie, {
      reason: 'Instabilidade no serviço',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ waiting: 0, openNow: false });
    for (const person of [a, b]) expect((await ticket(person.cookie)).stage).toBe('refunded_closed');
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, a.id));
    expect(told.some((t) => t.title === 'Fila do pronto atendimento encerrada')).toBe(true);
    const person = await patient();
    const join = await call('POST', '/api/on-demand/tickets', person.cookie, joinBody(id));
    expect(join.json()).toMatchObject({ code: 'disabled', message: M.disabled });
  });
});

describe('the team', () => {
  it('only an admin configures or closes, with Portuguese messages for bad settings', async () => {
    const id = await specialty();
    const person = await patient();
    expect((await call('PUT', `/api/admin/on-demand/${id}`, person.cookie, SERVICE)).statusCode).toBe(403);
    const bad = await call('PUT', `/api/admin/on-demand/${id}`, adminCookie, {
      ...SERVICE,
      maxWaitMinutes: 5,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.maxWaitMinutes).toBe(M.maxWaitInvalid);
    const board = await call('GET', '/api/admin/on-demand', adminCookie);
    expect(board.json().rows.find((r: { specialtyId: string }) => r.specialtyId === id)).toMatchObject({
      openNow: true,
      waiting: 0,
    });
  });

  it('shows on-demand apart on the dashboard, from what moved', async () => {
    const sum = async () => {
      const res = await call('GET', '/api/admin/dashboard', adminCookie);
      expect(res.statusCode).toBe(200);
      const points = res.json().onDemand as Record<string, number>[];
      const total = (k: string) => points.reduce((s, p) => s + (p[k] as number), 0);
      return { joined: total('joined'), left: total('left'), gross: total('gross') };
    };
    const before = await sum();
    const id = await specialty();
    const doctor = await doctorOn(id);
    const leaving = await inLine(id);
    await call('POST', `/api/on-demand/tickets/${leaving.ticketId}/leave`, leaving.cookie);
    // A PIX paid and given back when its patient left: received, and returned.
    const pix = await patient();
    const joined = await call('POST', '/api/on-demand/tickets', pix.cookie, joinBody(id, { method: 'pix' }));
    const pixTicket = joined.json().id as string;
    await call('POST', `/api/on-demand/tickets/${pixTicket}/payment/simulate`, pix.cookie);
    await call('POST', `/api/on-demand/tickets/${pixTicket}/leave`, pix.cookie);
    await inLine(id);
    await call('POST', '/api/on-demand/duty/call-next', doctor.cookie);
    const after = await sum();
    expect(after.joined - before.joined).toBe(3);
    expect(after.left - before.left).toBe(2);
    // What stayed: the call's capture; the released hold moved nothing, the PIX came and went back.
    expect(after.gross - before.gross).toBe(SERVICE.price);
  });

  it('measures the forecast: the one shown at joining gets the wait that came', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    await inLine(id);
    await call('POST', '/api/on-demand/duty/call-next', doctor.cookie);
    const board = await call('GET', '/api/admin/on-demand', adminCookie);
    const row = board.json().rows.find((r: { specialtyId: string }) => r.specialtyId === id);
    expect(row).toMatchObject({ joined: 1, abandoned: 0, refundsByTimeout: 0 });
    expect(row.medianWait).not.toBeNull();
    expect(row.etaError).not.toBeNull();
  });
});

describe('waiting screens', () => {
  /** A waiting screen's live connection, ready to hear events; each event is handed to `hear`. */
  async function openScreen(
    cookie: string,
    hear: (event: Extract<LiveFrame, { kind: 'event' }>['event']) => void,
  ) {
    const base = app.server.listening
      ? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`
      : await app.listen({ port: 0, host: '127.0.0.1' });
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/live`, {
      headers: { origin: new URL(app.config.appUrl).origin, cookie },
    });
    await new Promise<void>((resolve) => {
      socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', lastEventId: null })));
      socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as LiveFrame;
        if (frame.kind === 'ready') resolve();
        if (frame.kind === 'event') hear(frame.event);
      });
    });
    return socket;
  }

  it('hear a PIX confirmed by the bank: the open screen reads its ticket again, now in line', async () => {
    const id = await specialty();
    await doctorOn(id);
    const person = await patient();
    const joined = await call(
      'POST',
      '/api/on-demand/tickets',
      person.cookie,
      joinBody(id, { method: 'pix' }),
    );
    const ticketId = joined.json().id as string;
    const heard: string[] = [];
    const socket = await openScreen(person.cookie, (event) => {
      if (event.type === 'appointment.changed') heard.push(`${event.appointmentId}:${event.paymentStatus}`);
    });
    try {
      const [pay] = await app.db.select().from(payments).where(eq(payments.appointmentId, ticketId));
      // The provider's webhook, not the page's own button: nobody on the page asked.
      await applyProviderEvent(app.booking, 'sandbox', {
        id: sandboxEventId(),
        type: 'paid',
        providerRef: pay?.providerRef as string,
      });
      for (let i = 0; i < 100 && !heard.includes(`${ticketId}:paid`); i += 1)
        await new Promise((r) => setTimeout(r, 50));
      expect(heard).toContain(`${ticketId}:paid`);
      expect(await ticket(person.cookie)).toMatchObject({ stage: 'waiting', position: 1 });
    } finally {
      socket.terminate();
    }
  });

  it('hear their new place when the line moves, whoever else has a screen open', async () => {
    const id = await specialty();
    const doctor = await doctorOn(id);
    // The head of the line has no screen open; the second and third do.
    await inLine(id);
    const second = await inLine(id);
    const third = await inLine(id);
    const positions = new Map<string, number[]>();
    const sockets = await Promise.all(
      [second, third].map((person) => {
        const seen: number[] = [];
        positions.set(person.id, seen);
        return openScreen(person.cookie, (event) => {
          // A place for another ticket would show as -1.
          if (event.type === 'on_demand.place')
            seen.push(event.place.ticketId === person.ticketId ? event.place.position : -1);
        });
      }),
    );
    try {
      expect((await call('POST', '/api/on-demand/duty/call-next', doctor.cookie)).statusCode).toBe(200);
      for (let i = 0; i < 100 && (positions.get(third.id)?.at(-1) ?? 0) !== 2; i += 1)
        await new Promise((r) => setTimeout(r, 50));
      expect(positions.get(second.id)?.at(-1)).toBe(1);
      expect(positions.get(third.id)?.at(-1)).toBe(2);
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  });
});

describe('one clock', () => {
  it('dates the wait, the guarantee and the consultation by the instants the service was given', async () => {
    // An hour ahead of the database's clock: a time written by the database would show.
    const joinedAt = new Date(Date.now() + 60 * 60_000);
    const at = (minutes: number) => new Date(joinedAt.getTime() + minutes * 60_000);
    const id = await specialty({ maxWaitMinutes: 90 });
    const doctor = await doctorOn(id);
    const person = await patient();
    const viewer = { id: person.id, role: 'patient' as const };
    const ticket = await join(app.booking, viewer, joinBody(id) as Parameters<typeof join>[2], joinedAt);
    const paid = await payWithTestCard(app.booking, viewer, ticket.id, SANDBOX_CARDS.approved, at(1));
    expect(paid).toMatchObject({ stage: 'waiting', queuedAt: at(1).toISOString() });
    expect(paid.guaranteeUntil).toBe(at(91).toISOString());

    await callNext(app.booking, { id: doctor.id, role: 'doctor' }, at(20));
    await runTransition(
      app.booking,
      ticket.id,
      { kind: 'complete' },
      { actor: 'admin', actorId: null },
      at(32),
    );
    const [prediction] = await app.db
      .select()
      .from(queuePredictions)
      .where(eq(queuePredictions.appointmentId, ticket.id));
    expect(prediction?.actualMinutes).toBeCloseTo(20, 5);
    // The forecast's length of this doctor's consultation: from the call to the end, 12 minutes.
    const lengths = await recentLengths(app.db, [doctor.doctorId], 20);
    expect(lengths.get(doctor.doctorId)?.[0]).toBeCloseTo(12, 5);
  });
});

describe.skipIf(!testDatabaseUrl())('many doctors calling at once (PostgreSQL)', () => {
  it('no patient is taken twice and no doctor holds two', async () => {
    const id = await specialty({ capacity: 100, maxWaitMinutes: 240 });
    const doctors = await Promise.all(Array.from({ length: 6 }, () => doctorOn(id)));
    for (let i = 0; i < 10; i += 1) await inLine(id);
    const results = await Promise.all(
      doctors.flatMap((d) => [0, 1].map(() => call('POST', '/api/on-demand/duty/call-next', d.cookie))),
    );
    const taken = results.filter((r) => r.statusCode === 200).map((r) => r.json().appointmentId as string);
    expect(new Set(taken).size).toBe(taken.length);
    expect(taken).toHaveLength(6);
    expect(results.filter((r) => r.statusCode >= 500)).toEqual([]);
    const held = await app.db.execute<{ doctor_id: string; n: string }>(sql`
      select doctor_id, count(*) as n from appointments where specialty_id = ${id}
        and status = 'confirmed' group by 1`);
    expect(held.rows.every((r) => Number(r.n) === 1)).toBe(true);
  });
});
