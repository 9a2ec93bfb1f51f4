import { ADMIN_PAYMENT_MESSAGES as PM } from '@pulsa/shared/schemas/payments-admin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  appointments,
  auditLog,
  notifications,
  paymentEvents,
  payments,
  refunds,
  sessions,
  userProfiles,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { doctorBalance, postPayout, postRelease } from '../ledger/ledger.service.ts';
import { receiptNumberOf } from '../payments/receipt-pdf.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';

let app: FastifyInstance;
let doctor: Awaited<ReturnType<typeof createDoctor>>;
let other: Awaited<ReturnType<typeof createDoctor>>;
const admin = { id: '', cookie: '', password: '', recoveryCode: '' };
const cookies = { patient: '', doctor: '' };
let patientId = '';
let patientName = '';

const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '07:00', endTime: '19:00' }));
let nextSlot = 0;
/** A fresh slot each time, days ahead, inside the windows. */
const slot = () => {
  const n = nextSlot++;
  const hour = String(8 + (n % 10)).padStart(2, '0');
  return new Date(
    `${addDays(localDateOf(new Date(), SP), 5 + Math.floor(n / 10))}T${hour}:00:00-03:00`,
  ).toISOString();
};

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST', url: string, cookie: string | undefined, payload?: object) =>
  app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload }),
  });

let keys = 0;
const refund = (paymentId: string, amount: number, extra: Record<string, unknown> = {}) =>
  call('POST', `/api/admin/payments/${paymentId}/refunds`, admin.cookie, {
    amount,
    reasonCode: 'technical_problem',
    reasonText: 'A chamada caiu duas vezes',
    key: `test-key-${++keys}-${Date.now()}`,
    ...extra,
  });

/** A confirmed consultation paid by card (authorised, then captured when the doctor accepted). */
async function paidConsultation(
  cookie = cookies.patient,
  doctorCookie = cookies.doctor,
  doctorId = doctor.doctorId,
) {
  const booked = await call('POST', '/api/appointments', cookie, {
    doctorId,
    startsAt: slot(),
    method: 'card',
    acceptPolicy: true,
  });
  expect(booked.statusCode).toBe(201);
  const id = booked.json().id as string;
  const card = await call('POST', `/api/appointments/${id}/payment/card`, cookie, {
    number: SANDBOX_CARDS.approved,
  });
  expect(card.statusCode).toBe(200);
  const accepted = await call('POST', `/api/doctor/appointments/${id}/accept`, doctorCookie);
  expect(accepted.statusCode).toBe(200);
  expect(accepted.json().payment.status).toBe('paid');
  return { appointmentId: id, paymentId: accepted.json().payment.id as string };
}

async function pendingPix(cookie = cookies.patient) {
  const booked = await call('POST', '/api/appointments', cookie, {
    doctorId: doctor.doctorId,
    startsAt: slot(),
    method: 'pix',
    acceptPolicy: true,
  });
  expect(booked.statusCode).toBe(201);
  return { appointmentId: booked.json().id as string, paymentId: booked.json().payment.id as string };
}

beforeAll(async () => {
  app = await createTestApp();
  doctor = await createDoctor(app.db, {
    fullName: 'Dra. Marta Pagamentos',
    availability: everyDay,
    consultationPrice: 20_000,
  });
  other = await createDoctor(app.db, { fullName: 'Dr. Bruno Outro', availability: everyDay });
  cookies.doctor = await signIn(doctor.email, doctor.password);
  const a = await createAdmin(app.db);
  admin.id = a.id;
  admin.password = a.password;
  admin.cookie = await signIn(a.email, a.password);
  admin.recoveryCode = (await enrolTwoFactor(app, admin.cookie)).recoveryCodes[0] as string;
});

// A patient of its own per test: a patient holds a bounded number of bookings at once.
beforeEach(async () => {
  const patient = await createPatient(app.db, { fullName: `Paciente Zélia ${++keys}` });
  patientId = patient.id;
  patientName = patient.fullName;
  cookies.patient = await signIn(patient.email, patient.password);
});

describe('who may see and move payments', () => {
  it('answers 401 without a session and 403 to a patient or a doctor, changing nothing', async () => {
    const { paymentId } = await paidConsultation();
    const body = { amount: 100, reasonCode: 'other', reasonText: 'x', key: 'abcdefgh1' };
    for (const [method, url] of [
      ['GET', '/api/admin/payments'],
      ['GET', '/api/admin/payments/export.csv'],
      ['GET', `/api/admin/payments/${paymentId}`],
      ['POST', `/api/admin/payments/${paymentId}/refunds`],
      ['POST', `/api/admin/payments/${paymentId}/mark-paid`],
    ] as const) {
      expect((await call(method, url, undefined, method === 'POST' ? body : undefined)).statusCode, url).toBe(
        401,
      );
      for (const cookie of [cookies.patient, cookies.doctor]) {
        const res = await call(method, url, cookie, method === 'POST' ? body : undefined);
        expect(res.statusCode, url).toBe(403);
      }
    }
    expect(await app.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).toEqual([]);
  });

  it('each role sees only its own money: the patient’s list holds only their payments', async () => {
    const mine = await paidConsultation();
    const otherPatient = await createPatient(app.db);
    const otherCookie = await signIn(otherPatient.email, otherPatient.password);
    const theirs = await paidConsultation(otherCookie);
    const list = (await call('GET', '/api/patient/payments', cookies.patient)).json();
    const ids = list.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(mine.paymentId);
    expect(ids).not.toContain(theirs.paymentId);
    // A doctor and a patient never reach the team's details of any payment, theirs included.
    expect((await call('GET', `/api/admin/payments/${mine.paymentId}`, cookies.doctor)).statusCode).toBe(403);
  });

  it('asks for a recent password and code before a refund, then lets it through', async () => {
    const { paymentId } = await paidConsultation();
    await app.db
      .update(sessions)
      .set({
        authenticatedAt: sql`now() - interval '11 minutes'`,
        secondFactorAt: sql`now() - interval '11 minutes'`,
      })
      .where(eq(sessions.userId, admin.id));
    const refused = await refund(paymentId, 1000);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('reauth_required');
    const again = await call('POST', '/api/account/reauthenticate', admin.cookie, {
      password: admin.password,
      code: admin.recoveryCode,
    });
    expect(again.statusCode).toBe(200);
    expect((await refund(paymentId, 1000)).statusCode).toBe(200);
  });
});

describe('the list', () => {
  it('searches by doctor, patient, payment id and receipt number, filters by status and pages', async () => {
    const first = await paidConsultation();
    const second = await paidConsultation();
    const pix = await pendingPix();
    const otherPatient = await createPatient(app.db, { fullName: 'Otávio Somente Outro' });
    const otherCookie = await signIn(otherPatient.email, otherPatient.password);
    const otherDoctorCookie = await signIn(other.email, other.password);
    const elsewhere = await paidConsultation(otherCookie, otherDoctorCookie, other.doctorId);

    const ids = async (query: string) => {
      const res = await call('GET', `/api/admin/payments?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(200);
      return res.json() as {
        items: { id: string }[];
        total: number;
        totalCapped: boolean;
        pageCount: number;
      };
    };
    const byPatient = await ids(`q=${encodeURIComponent(patientName.toLowerCase())}`);
    expect(byPatient.items.map((p) => p.id)).toEqual([pix.paymentId, second.paymentId, first.paymentId]);
    expect(byPatient.total).toBe(3);
    expect(byPatient.totalCapped).toBe(false);
    const byDoctor = await ids('q=Bruno%20Outro');
    expect(byDoctor.items.map((p) => p.id)).toContain(elsewhere.paymentId);
    expect(byDoctor.items.map((p) => p.id)).not.toContain(first.paymentId);
    expect((await ids(`q=${first.paymentId}`)).items.map((p) => p.id)).toEqual([first.paymentId]);
    expect((await ids(`q=${receiptNumberOf(second.paymentId)}`)).items.map((p) => p.id)).toContain(
      second.paymentId,
    );
    const pending = await ids(`q=${encodeURIComponent(patientName)}&status=pending`);
    expect(pending.items.map((p) => p.id)).toEqual([pix.paymentId]);
    const paid = await ids(`q=${encodeURIComponent(patientName)}&status=paid`);
    expect(paid.items.map((p) => p.id)).toEqual([second.paymentId, first.paymentId]);
    const page2 = await ids(`q=${encodeURIComponent(patientName)}&pageSize=10&page=2`);
    expect(page2.items).toEqual([]);
    expect(page2.total).toBe(3);
    // A LIKE wildcard typed in the box is searched for literally.
    expect((await ids('q=%25')).items).toEqual([]);

    const row = (await ids(`q=${first.paymentId}`)).items[0] as unknown as Record<string, unknown>;
    expect(row).toMatchObject({
      doctorName: 'Dra. Marta Pagamentos',
      patientName,
      amount: 20_000,
      doctorAmount: 18_000,
      platformFee: 2_000,
      status: 'paid',
      refunded: 0,
    });
  });

  it('finds people by the start of each word of their name, accents or not, and follows a renamed one', async () => {
    const person = await createPatient(app.db, { fullName: 'Joãozinho Conceição da Silveira' });
    const personCookie = await signIn(person.email, person.password);
    const { paymentId } = await paidConsultation(personCookie);
    const found = async (q: string) =>
      (await call('GET', `/api/admin/payments?q=${encodeURIComponent(q)}`, admin.cookie))
        .json()
        .items.map((p: { id: string }) => p.id) as string[];
    for (const q of ['joaozinho', 'JOÃO silv', 'conceicao da', 'silveira joãozinho'])
      expect(await found(q), q).toEqual([paymentId]);
    // Inside a word is not the start of one.
    expect(await found('aozinho')).toEqual([]);
    await app.db
      .update(userProfiles)
      .set({ fullName: 'Renata Pereira Quintela' })
      .where(eq(userProfiles.id, person.id));
    expect(await found('quintela')).toEqual([paymentId]);
    expect(await found('joaozinho')).toEqual([]);
  });

  it('refuses a bad filter or page with a message, never a 500', async () => {
    for (const query of ['status=estornado', 'pageSize=7', 'page=0', `q=${'x'.repeat(101)}`]) {
      const res = await call('GET', `/api/admin/payments?${query}`, admin.cookie);
      expect(res.statusCode, query).toBe(400);
    }
  });

  it('exports the filtered rows as CSV with a BOM, Portuguese headers and formulas neutralised', async () => {
    const evil = await createPatient(app.db, { fullName: '=HYPERLINK("http://x";"y") Silva' });
    const evilCookie = await signIn(evil.email, evil.password);
    const { paymentId } = await paidConsultation(evilCookie);
    const res = await call('GET', '/api/admin/payments/export.csv?q=HYPERLINK', admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.startsWith('\uFEFF"Data";"ID do pagamento";"Médico";"Paciente"')).toBe(true);
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"${paymentId}"`);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://x"";""y"") Silva"');
    expect(lines[1]).toContain('"200,00";"180,00";"20,00"');
  });
});

describe('refunds', () => {
  it('partial refunds add up to the payment, never past it; the ledger, the patient and the doctor follow', async () => {
    const { appointmentId, paymentId } = await paidConsultation();
    const half = await refund(paymentId, 10_000);
    expect(half.statusCode).toBe(200);
    expect(half.json()).toMatchObject({
      payment: { status: 'paid', refunded: 10_000 },
      refundable: 10_000,
      refunds: [{ amount: 10_000, reasonCode: 'technical_problem', requestedBy: 'admin' }],
    });
    const tooMuch = await refund(paymentId, 10_001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().fieldErrors.amount).toBe(PM.amountTooHigh('R$ 100,00'));
    const rest = await refund(paymentId, 10_000, { reasonCode: 'goodwill' });
    expect(rest.statusCode).toBe(200);
    expect(rest.json()).toMatchObject({ payment: { status: 'refunded', refunded: 20_000 }, refundable: 0 });
    const more = await refund(paymentId, 1);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(PM.nothingLeft);

    // The ledger gave back exactly the fee and the doctor's share.
    const details = rest.json();
    const sum = (account: string) =>
      details.ledger
        .flatMap((t: { entries: { account: string; amount: number }[] }) => t.entries)
        .filter((e: { account: string }) => e.account === account)
        .reduce((s: number, e: { amount: number }) => s + e.amount, 0);
    expect(sum('refunds')).toBe(-20_000);
    expect(sum('platform_commission')).toBe(0);
    expect(sum('doctor_held')).toBe(0);

    // The patient sees one row with both refunds on its timeline; the doctor was told.
    const list = (await call('GET', '/api/patient/payments', cookies.patient)).json();
    const rows = list.items.filter((p: { id: string }) => p.id === paymentId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'refunded', refund: { amount: 20_000, status: 'done' } });
    expect(rows[0].timeline.map((s: { kind: string }) => s.kind)).toEqual([
      'authorized',
      'paid',
      'refunded',
      'refunded',
    ]);
    expect(rows[0].timeline[2]).toMatchObject({
      amount: 10_000,
      reason: 'Problema técnico na consulta: A chamada caiu duas vezes',
    });
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctor.id), eq(notifications.type, 'appointment.refunded')));
    expect(told.length).toBeGreaterThanOrEqual(2);
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.entityId, paymentId));
    expect(audited.map((a) => a.action)).toEqual(['payment.refunded', 'payment.refunded']);
    const [appointment] = await app.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    // A refund is money, not a cancellation: the consultation stays as it was.
    expect(appointment?.status).toBe('confirmed');
  });

  it('a replayed request refunds once; two at once never refund more than what is left', async () => {
    const { paymentId } = await paidConsultation();
    const body = {
      amount: 5_000,
      reasonCode: 'duplicate_charge',
      reasonText: 'Cobrado duas vezes',
      key: `replay-${Date.now()}`,
    };
    const url = `/api/admin/payments/${paymentId}/refunds`;
    const answers = await Promise.all([1, 2, 3].map(() => call('POST', url, admin.cookie, body)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(await app.db.select().from(refunds).where(eq(refunds.paymentId, paymentId))).toHaveLength(1);
    // The same key for another amount is another request: refused.
    expect((await call('POST', url, admin.cookie, { ...body, amount: 6_000 })).statusCode).toBe(409);

    // 15,000 is left: two requests of 10,000 at once, one wins.
    const race = await Promise.all([refund(paymentId, 10_000), refund(paymentId, 10_000)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 422]);
    const rows = await app.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(15_000);
  });

  it('a refund after the doctor was paid out leaves their available balance negative, carried forward', async () => {
    const { paymentId } = await paidConsultation();
    const [payment] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment?.doctorId) throw new Error('no payment');
    const share = {
      paymentId,
      doctorId: payment.doctorId,
      amount: payment.amount,
      platformFee: payment.platformFee,
      doctorAmount: payment.doctorAmount,
    };
    const past = new Date(Date.now() - 10 * 86_400_000);
    const before = await doctorBalance(app.db, doctor.doctorId);
    await app.db.transaction(async (tx) => {
      await postRelease(tx, share, { endedAt: past, holdDays: 0, at: new Date() });
      await postPayout(tx, {
        doctorId: doctor.doctorId,
        amount: 18_000,
        sourceKey: `payout:test:${paymentId}`,
        at: new Date(),
      });
    });
    const paidOut = await doctorBalance(app.db, doctor.doctorId);
    expect(paidOut.available).toBe(before.available);
    expect((await refund(paymentId, 20_000)).statusCode).toBe(200);
    const after = await doctorBalance(app.db, doctor.doctorId);
    expect(after.available).toBe(before.available - 18_000);
  });

  it('a paid boleto’s partial refund is owed by transfer, listed under "a transferir" until recorded', async () => {
    const booked = await call('POST', '/api/appointments', cookies.patient, {
      doctorId: doctor.doctorId,
      startsAt: slot(),
      method: 'boleto',
      acceptPolicy: true,
      billingAddress: {
        postalCode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().id as string;
    const paymentId = booked.json().payment.id as string;
    expect((await call('POST', `/api/appointments/${id}/payment/simulate`, cookies.patient)).statusCode).toBe(
      200,
    );
    const owed = await refund(paymentId, 5_000);
    expect(owed.statusCode).toBe(200);
    expect(owed.json()).toMatchObject({
      payment: { status: 'paid', refunded: 5_000, refundOwed: 5_000 },
      refunds: [{ status: 'awaiting_transfer' }],
    });
    const listed = (
      await call('GET', '/api/admin/payments?refund=awaiting_transfer&pageSize=50', admin.cookie)
    ).json();
    expect(listed.items.map((p: { id: string }) => p.id)).toContain(paymentId);
    const settled = await call('POST', `/api/admin/appointments/${id}/refund-transfer`, admin.cookie, {
      reference: 'E0000000020261125',
    });
    expect(settled.statusCode).toBe(200);
    // Part of it went back: the payment stays paid, nothing is owed any more.
    const details = (await call('GET', `/api/admin/payments/${paymentId}`, admin.cookie)).json();
    expect(details.payment).toMatchObject({ status: 'paid', refunded: 5_000, refundOwed: 0 });
    const timeline = (await call('GET', '/api/patient/payments', cookies.patient)).json().items[0].timeline;
    expect(timeline.map((s: { kind: string }) => s.kind)).toEqual(['paid', 'refund_owed', 'transferred']);
  });

  it('refuses a refund of a payment not paid, and bad input with field messages', async () => {
    const { paymentId } = await paidConsultation();
    const pix = await pendingPix();
    const res = await refund(pix.paymentId, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(PM.notRefundable);
    const bad = await refund(paymentId, 0, { reasonCode: 'whim', reasonText: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      amount: PM.amountPositive,
      reasonCode: PM.reasonRequired,
      reasonText: PM.reasonTextRequired,
    });
    expect((await call('GET', `/api/admin/payments/${crypto.randomUUID()}`, admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it('the details show the policy’s suggestion: a confirmed consultation days ahead is refunded in full', async () => {
    const { paymentId } = await paidConsultation();
    const details = (await call('GET', `/api/admin/payments/${paymentId}`, admin.cookie)).json();
    expect(details.policy).toMatchObject({ refund: 'full', amount: 20_000 });
    expect(details.events.map((e: { type: string }) => e.type)).toContain('authorized');
  });
});

describe('marcar como pago', () => {
  it('a pending PIX proven paid proceeds the booking as if the provider had said so, once', async () => {
    const { appointmentId, paymentId } = await pendingPix();
    const url = `/api/admin/payments/${paymentId}/mark-paid`;
    const blank = await call('POST', url, admin.cookie, { reference: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors.reference).toBe(PM.referenceRequired);
    const res = await call('POST', url, admin.cookie, { reference: 'E12345678202611251200' });
    expect(res.statusCode).toBe(200);
    expect(res.json().payment.status).toBe('paid');
    const [appointment] = await app.db.select().from(appointments).where(eq(appointments.id, appointmentId));
    expect(appointment?.holdExpiresAt).toBeNull();
    expect(appointment?.requestedAt).toBeInstanceOf(Date);
    const [event] = await app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `admin-paid:${paymentId}`));
    expect(event).toMatchObject({ type: 'paid', actorId: admin.id, reference: 'E12345678202611251200' });
    const received = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctor.id), eq(notifications.type, 'appointment.requested')));
    expect(received.length).toBeGreaterThan(0);
    const again = await call('POST', url, admin.cookie, { reference: 'outra' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(PM.notPending);
    const audited = await app.db.select().from(auditLog).where(eq(auditLog.entityId, paymentId));
    expect(audited.map((a) => a.action)).toEqual(['payment.marked_paid']);
    expect(patientId).toBeTruthy();
  });

  it('refuses a card or a payment already paid', async () => {
    const { paymentId } = await paidConsultation();
    const res = await call('POST', `/api/admin/payments/${paymentId}/mark-paid`, admin.cookie, {
      reference: 'x',
    });
    expect(res.statusCode).toBe(409);
  });
});
