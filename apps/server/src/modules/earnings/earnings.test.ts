import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, notifications, payments, payouts } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { enrolTwoFactor } from '../../test/two-factor.ts';
import {
  type PaymentShare,
  platformTotals,
  postCapture,
  postPayout,
  postRefund,
  postRelease,
} from '../ledger/ledger.service.ts';
import { splitAmount } from '../payments/money.ts';
import { addMonths, localDay } from '../reports/periods.ts';
import { remindTaxReceipts } from './tax-receipts.reminder.ts';

/**
 * The doctor's earnings and receipts and the admin's dashboard and export, through the API: each
 * role sees only its own money, and the numbers are the ledger's.
 */

let app: FastifyInstance;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let slot = 0;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const get = (url: string, cookie?: string) =>
  app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const put = (url: string, cookie: string, payload: object) =>
  app.inject({ method: 'PUT', url, headers: { cookie }, payload });

type Person = { id: string; email: string; password: string; fullName: string; cookie: string };
type Doctor = Person & { doctorId: string };

async function doctor(overrides: Parameters<typeof createDoctor>[1] = {}): Promise<Doctor> {
  const d = await createDoctor(app.db, overrides);
  return { ...d, cookie: await signIn(d.email, d.password) };
}

/**
 * A consultation paid and captured now (a booking accepted unless `status` says otherwise),
 * `startsInHours` from now; answers its payment's share.
 */
async function paid(
  d: Doctor,
  patientId: string,
  opts: {
    amount?: number;
    bp?: number;
    status?: 'scheduled' | 'confirmed' | 'completed';
    startsInHours?: number;
    at?: Date;
  } = {},
): Promise<PaymentShare> {
  const amount = opts.amount ?? 20_000;
  const bp = opts.bp ?? 1_000;
  const at = opts.at ?? new Date();
  slot += 1;
  const start = new Date(Date.now() + (opts.startsInHours ?? 48) * HOUR + slot * HOUR);
  const [a] = await app.db
    .insert(appointments)
    .values({
      patientId,
      doctorId: d.doctorId,
      startsAt: start,
      endsAt: new Date(start.getTime() + HOUR / 2),
      price: amount,
      status: opts.status ?? 'confirmed',
      requestedAt: at,
    })
    .returning({ id: appointments.id });
  const split = splitAmount(amount, bp);
  const [p] = await app.db
    .insert(payments)
    .values({
      appointmentId: a?.id as string,
      doctorId: d.doctorId,
      patientId,
      ...split,
      commissionBp: bp,
      method: 'pix',
      provider: 'sandbox',
      status: 'paid',
      paidAt: at,
    })
    .returning({ id: payments.id });
  const share = { paymentId: p?.id as string, doctorId: d.doctorId, ...split };
  await app.db.transaction((tx) => postCapture(tx, share, at));
  return share;
}

const release = (share: PaymentShare, endedAt: Date, holdDays = 7) =>
  app.db.transaction((tx) => postRelease(tx, share, { endedAt, holdDays, at: new Date() }));

async function payout(d: Doctor, amount: number, status: 'in_transit' | 'paid') {
  const [row] = await app.db
    .insert(payouts)
    .values({ doctorId: d.doctorId, amount, method: 'pix', status, runKey: `run-${Math.random()}` })
    .returning({ id: payouts.id });
  await app.db.transaction((tx) =>
    postPayout(tx, { doctorId: d.doctorId, amount, sourceKey: `payout:${row?.id}`, at: new Date() }),
  );
}

let admin: Person;
let patient: Person & { cpf: string };
let other: Person;

beforeAll(async () => {
  app = await createTestApp();
  const a = await createAdmin(app.db);
  admin = { ...a, cookie: await signIn(a.email, a.password) };
  await enrolTwoFactor(app, admin.cookie);
  const cpf = '52998224725';
  const p = await createPatient(app.db, { cpf, fullName: 'Paciente Pagante' });
  patient = { ...p, cpf, cookie: await signIn(p.email, p.password) };
  const o = await createPatient(app.db);
  other = { ...o, cookie: await signIn(o.email, o.password) };
});

describe('GET /api/doctor/earnings', () => {
  it('shows each consultation’s split and where its share stands: held, paid, in transit, available, refunded', async () => {
    const d = await doctor();
    const past = new Date(Date.now() - 10 * DAY);
    // Three shares of R$ 180,00 released 3 days ago, in this order; one still held; one refunded.
    const first = await paid(d, patient.id);
    await release(first, past);
    const second = await paid(d, patient.id);
    await release(second, new Date(past.getTime() + HOUR));
    const third = await paid(d, patient.id);
    await release(third, new Date(past.getTime() + 2 * HOUR));
    const held = await paid(d, patient.id, { status: 'confirmed' });
    const refunded = await paid(d, patient.id);
    await app.db.transaction((tx) =>
      postRefund(tx, refunded, {
        kind: 'refund',
        amount: 20_000,
        sourceKey: `refund:${refunded.paymentId}`,
        at: new Date(),
      }),
    );
    // A paid payout covers the first share, one in transit the second.
    await payout(d, 18_000, 'paid');
    await payout(d, 18_000, 'in_transit');

    const res = await get('/api/doctor/earnings?page=1&pageSize=10', d.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.balance).toEqual({
      held: 18_000,
      awaitingAcceptance: 0,
      available: 18_000,
      inTransit: 18_000,
      paid: 18_000,
    });
    expect(body.total).toBe(5);
    const status = Object.fromEntries(
      body.items.map((i: { paymentId: string; status: string }) => [i.paymentId, i.status]),
    );
    expect(status).toEqual({
      [first.paymentId]: 'paid',
      [second.paymentId]: 'in_transit',
      [third.paymentId]: 'available',
      [held.paymentId]: 'held',
      [refunded.paymentId]: 'refunded',
    });
    const row = body.items.find((i: { paymentId: string }) => i.paymentId === first.paymentId);
    expect(row).toMatchObject({ gross: 20_000, commission: 2_000, providerFee: 0, refunds: 0, net: 18_000 });
    const gone = body.items.find((i: { paymentId: string }) => i.paymentId === refunded.paymentId);
    expect(gone).toMatchObject({ gross: 20_000, commission: 0, refunds: 20_000, net: 0 });
    // The month's chart: the doctor's net of what was accepted and paid this month.
    expect(body.monthly).toHaveLength(12);
    expect(body.monthly.at(-1).net).toBe(4 * 18_000);
    // No CPF anywhere on the earnings page.
    expect(res.body).not.toContain(patient.cpf);

    const page2 = (await get('/api/doctor/earnings?page=2&pageSize=10', d.cookie)).json();
    expect(page2.items).toEqual([]);
  });

  it('answers a doctor only with their own money; others are refused', async () => {
    const mine = await doctor();
    const theirs = await doctor();
    const share = await paid(mine, patient.id);
    const body = (await get('/api/doctor/earnings', theirs.cookie)).json();
    expect(body.items.map((i: { paymentId: string }) => i.paymentId)).not.toContain(share.paymentId);
    expect(body.balance).toEqual({ held: 0, awaitingAcceptance: 0, available: 0, inTransit: 0, paid: 0 });
    expect((await get('/api/doctor/earnings', patient.cookie)).statusCode).toBe(403);
    expect((await get('/api/doctor/earnings', admin.cookie)).statusCode).toBe(403);
    expect((await get('/api/doctor/earnings')).statusCode).toBe(401);
    const bad = await get('/api/doctor/earnings?pageSize=7', mine.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors.pageSize).toBe('Tamanho de página inválido');
  });
});

describe('requests the doctor has not accepted', () => {
  it('are not "A liberar": shown apart as awaiting their acceptance, as Receita mensal leaves them out', async () => {
    const d = await doctor();
    await paid(d, patient.id, { status: 'confirmed' });
    const waiting = await paid(d, patient.id, { status: 'scheduled' });
    const body = (await get('/api/doctor/earnings', d.cookie)).json();
    expect(body.balance).toMatchObject({ held: 18_000, awaitingAcceptance: 18_000, available: 0 });
    const row = body.items.find((i: { paymentId: string }) => i.paymentId === waiting.paymentId);
    expect(row.status).toBe('awaiting_acceptance');
  });
});

describe('the dashboard’s Receita mensal', () => {
  it('counts the net share of accepted paid consultations this month, not refunds nor unanswered requests', async () => {
    const d = await doctor();
    await paid(d, patient.id, { status: 'confirmed' });
    await paid(d, patient.id, { status: 'scheduled' });
    const rejected = await paid(d, patient.id, { status: 'confirmed' });
    await app.db.transaction((tx) =>
      postRefund(tx, rejected, {
        kind: 'refund_owed',
        amount: 20_000,
        sourceKey: `refund:${rejected.paymentId}`,
        at: new Date(),
      }),
    );
    const res = await get('/api/doctor/dashboard', d.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().stats.monthlyRevenue).toBe(18_000);
  });
});

describe('Receita Saúde receipts', () => {
  it('lists the month’s payments with the patient’s name and CPF, to the doctor only, and keeps the mark', async () => {
    const d = await doctor();
    const stranger = await doctor();
    const share = await paid(d, patient.id, { amount: 30_000 });
    const partly = await paid(d, patient.id, { amount: 10_000 });
    await app.db.transaction((tx) =>
      postRefund(tx, partly, {
        kind: 'refund',
        amount: 4_000,
        sourceKey: `refund:${partly.paymentId}`,
        at: new Date(),
      }),
    );
    await paid(d, other.id, { status: 'scheduled' });
    const month = localDay(new Date(), 'America/Sao_Paulo').slice(0, 7);

    const res = await get(`/api/doctor/tax-receipts?month=${month}`, d.cookie);
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list.items).toHaveLength(2);
    expect(list.items[0]).toMatchObject({
      paymentId: share.paymentId,
      patientName: 'Paciente Pagante',
      patientCpf: patient.cpf,
      amount: 30_000,
      issued: false,
    });
    expect(list.items[1]).toMatchObject({ paymentId: partly.paymentId, amount: 6_000 });
    expect(list.total).toBe(36_000);

    // Another doctor sees none of it and cannot mark it.
    const theirs = await get(`/api/doctor/tax-receipts?month=${month}`, stranger.cookie);
    expect(theirs.json().items).toEqual([]);
    expect(theirs.body).not.toContain(patient.cpf);
    const refused = await put(`/api/doctor/tax-receipts/${share.paymentId}`, stranger.cookie, {
      issued: true,
    });
    expect(refused.statusCode).toBe(404);
    expect(
      (await put(`/api/doctor/tax-receipts/${share.paymentId}`, patient.cookie, { issued: true })).statusCode,
    ).toBe(403);
    expect((await get(`/api/doctor/tax-receipts?month=${month}`, patient.cookie)).statusCode).toBe(403);

    const marked = await put(`/api/doctor/tax-receipts/${share.paymentId}`, d.cookie, { issued: true });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ paymentId: share.paymentId, issued: true });
    const again = (await get(`/api/doctor/tax-receipts?month=${month}`, d.cookie)).json();
    expect(again.issuedCount).toBe(1);
    expect(
      (await put(`/api/doctor/tax-receipts/${share.paymentId}`, d.cookie, { issued: false })).json().issued,
    ).toBe(false);

    const badMonth = await get('/api/doctor/tax-receipts?month=2026-13', d.cookie);
    expect(badMonth.statusCode).toBe(400);
    expect(badMonth.json().fieldErrors.month).toBe('Mês inválido. Use o formato AAAA-MM.');
    const badId = await put('/api/doctor/tax-receipts/nao-e-um-id', d.cookie, { issued: true });
    expect(badId.statusCode).toBe(400);
    const badBody = await put(`/api/doctor/tax-receipts/${share.paymentId}`, d.cookie, { issued: 'sim' });
    expect(badBody.statusCode).toBe(400);
  });

  it('reminds each doctor with unissued receipts of the previous month once, by bell and email', async () => {
    const d = await doctor();
    await paid(d, patient.id);
    const done = await doctor();
    const issued = await paid(done, patient.id);
    expect(
      (await put(`/api/doctor/tax-receipts/${issued.paymentId}`, done.cookie, { issued: true })).statusCode,
    ).toBe(200);
    const nextMonth = addMonths(localDay(new Date()).slice(0, 7), 1);
    const second = new Date(`${nextMonth}-02T12:00:00-03:00`);
    const sixth = new Date(`${nextMonth}-06T12:00:00-03:00`);
    expect(await remindTaxReceipts(app.db, 'http://localhost', sixth)).toEqual({ reminded: 0 });
    const first = await remindTaxReceipts(app.db, 'http://localhost', second);
    expect(first.reminded).toBeGreaterThanOrEqual(1);
    const bell = await app.db.select().from(notifications).where(eq(notifications.userId, d.id));
    expect(bell.map((n) => n.type)).toEqual(['tax_receipts.reminder']);
    expect(bell[0]?.link).toContain('/doctor/payments');
    expect(await app.db.select().from(notifications).where(eq(notifications.userId, done.id))).toEqual([]);
    const mails = await app.db.execute<{ n: string }>(
      sql`select count(*) as n from email_outbox where to_address = ${d.email} and kind = 'tax_receipts_reminder'`,
    );
    expect(Number(mails.rows[0]?.n)).toBe(1);
    expect(await remindTaxReceipts(app.db, 'http://localhost', second)).toEqual({ reminded: 0 });
  });
});

describe('GET /api/admin/dashboard', () => {
  it('matches the ledger’s platformTotals for the period and refuses everyone but admins', async () => {
    const d = await doctor();
    const a = await paid(d, patient.id, { amount: 15_000, bp: 1_250 });
    await paid(d, patient.id, { amount: 9_999, bp: 333 });
    await app.db.transaction((tx) =>
      postRefund(tx, a, {
        kind: 'refund',
        amount: 5_000,
        sourceKey: `refund:${a.paymentId}:x`,
        at: new Date(),
      }),
    );
    await release(a, new Date(Date.now() - 8 * DAY));
    await payout(d, 1_000, 'paid');

    const today = localDay(new Date());
    const from = `${addMonths(today.slice(0, 7), -11)}-01`;
    const res = await get(`/api/admin/dashboard?from=${from}&to=${today}&bucket=week`, admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const dayStart = (day: string) =>
      app.db
        .execute<{ at: Date }>(sql`select (${day}::date::timestamp at time zone 'America/Sao_Paulo') as at`)
        .then((r) => new Date(r.rows[0]?.at as Date));
    const totals = await platformTotals(app.db, {
      from: await dayStart(from),
      to: await dayStart(localDay(new Date(Date.now() + DAY))),
    });
    expect(body.moneyTotals).toEqual({
      gross: totals.patientPayments,
      refunds: totals.refunds + totals.refundsOwed,
      commission: totals.commission,
      payouts: totals.payouts,
    });
    expect(body.cards.totalRevenue).toBe((await platformTotals(app.db)).commission);
    expect(body.latestDoctors.length).toBeGreaterThan(0);
    expect(body.latestDoctors.length).toBeLessThanOrEqual(5);
    expect(body.latestPatients.length).toBeLessThanOrEqual(5);
    expect(body.period).toEqual({ from, to: today, bucket: 'week' });
    expect(body.money[0].start).toBe(from);

    expect((await get('/api/admin/dashboard', d.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/dashboard', patient.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/dashboard')).statusCode).toBe(401);
    const order = await get('/api/admin/dashboard?from=2026-05-01&to=2026-04-01', admin.cookie);
    expect(order.statusCode).toBe(400);
    expect(order.json().fieldErrors.to).toBe('A data final deve ser igual ou posterior à inicial.');
    const long = await get('/api/admin/dashboard?from=2010-01-01&to=2026-01-01', admin.cookie);
    expect(long.json().fieldErrors.from).toBe('Escolha um período de até 5 anos.');
    const bucket = await get('/api/admin/dashboard?bucket=day', admin.cookie);
    expect(bucket.json().fieldErrors.bucket).toBe('Agrupamento inválido: use semana ou mês.');
  });

  it('counts consultations by outcome with the rates', async () => {
    const d = await doctor();
    const s = await paid(d, patient.id, { status: 'completed', startsInHours: -48 });
    void s;
    const [canceled] = await app.db
      .insert(appointments)
      .values({
        patientId: patient.id,
        doctorId: d.doctorId,
        startsAt: new Date(Date.now() - 30 * HOUR),
        endsAt: new Date(Date.now() - 29 * HOUR),
        status: 'canceled',
        canceledBy: 'patient',
        requestedAt: new Date(),
      })
      .returning({ id: appointments.id });
    expect(canceled).toBeDefined();
    const today = localDay(new Date());
    const body = (await get(`/api/admin/dashboard?to=${today}`, admin.cookie)).json();
    const direct = await app.db.execute<{ status: string; n: string }>(sql`
      select status, count(*) as n from appointments
      where requested_at is not null and starts_at >= ${`${body.period.from}T00:00:00-03:00`}::timestamptz
        and starts_at < (${today}::date + 1)::timestamp at time zone 'America/Sao_Paulo'
      group by status`);
    const n = (st: string) => Number(direct.rows.find((r) => r.status === st)?.n ?? 0);
    const sum = (k: string) =>
      body.outcomes.reduce((t: number, p: Record<string, number>) => t + (p[k] ?? 0), 0);
    expect(sum('completed')).toBe(n('completed'));
    expect(sum('canceledByPatient') + sum('canceledByDoctor') + sum('canceledOther')).toBe(n('canceled'));
    expect(body.rates.canceled).toBe(n('canceled'));
    expect(body.topSpecialties[0].count).toBeGreaterThan(0);
  });
});

describe('GET /api/admin/reports/commissions.csv', () => {
  it('exports the month’s commission per doctor as safe CSV, to admins only', async () => {
    const d = await doctor({ fullName: '=HYPERLINK("http://mal.example","x") Souza' });
    await paid(d, patient.id, { amount: 12_345, bp: 1_000 });
    const month = localDay(new Date()).slice(0, 7);
    const res = await get(`/api/admin/reports/commissions.csv?month=${month}`, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(`comissoes-${month}.csv`);
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const line = res.body.split('\r\n').find((l) => l.includes('HYPERLINK')) as string;
    expect(line.startsWith(`"'=HYPERLINK(""http://mal.example"",""x"") Souza"`)).toBe(true);
    expect(line).toContain(';1;123,45;12,35');
    expect((await get(`/api/admin/reports/commissions.csv?month=${month}`, d.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/commissions.csv?month=junho', admin.cookie)).statusCode).toBe(400);
  });
});
