import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, consultationParticipants, ledgerTransactions, payments } from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient, SAMPLE_BILLING_ADDRESS } from '../../seed/factories.ts';
import { ledgerOf, pgErrorOf, unbalancedTransactions } from '../../test/ledger.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { BY_RULES, runTransition } from '../appointments/appointments.lifecycle.ts';
import { applyProviderEvent, recordRefundTransfer } from '../appointments/appointments.payment-events.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { doctorBalance, platformTotals, postCapture, postPayout, postRefund } from './ledger.service.ts';

let app: FastifyInstance;
let adminId = '';

const PRICE = 20_000;
/** 10 % (no rule): R$ 20,00 to Pulsa, R$ 180,00 to the doctor. */
const FEE = 2_000;
const SHARE = 18_000;
const DAY = 86_400_000;
const SP = 'America/Sao_Paulo';
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();

async function signIn(email: string, password: string) {
  return sessionCookieFrom(
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
  );
}

/** A doctor of the test's own, so their balances start at zero. */
async function newDoctor() {
  const doctor = await createDoctor(app.db, { availability: everyDay, consultationPrice: PRICE });
  return { ...doctor, cookie: await signIn(doctor.email, doctor.password) };
}

type Doctor = Awaited<ReturnType<typeof newDoctor>>;

/** Books as a new patient and pays: PIX and boleto paid, a card authorised. */
async function bookPaid(doctor: Doctor, method: 'pix' | 'card' | 'boleto', days = 5) {
  const patient = await createPatient(app.db);
  const cookie = await signIn(patient.email, patient.password);
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie },
    payload: {
      doctorId: doctor.doctorId,
      startsAt: slotAt(days),
      method,
      acceptPolicy: true,
      ...(method === 'boleto' ? { billingAddress: SAMPLE_BILLING_ADDRESS } : {}),
    },
  });
  expect(res.statusCode).toBe(201);
  const id = res.json().id as string;
  const paid =
    method === 'card'
      ? await app.inject({
          method: 'POST',
          url: `/api/appointments/${id}/payment/card`,
          headers: { cookie },
          payload: { number: SANDBOX_CARDS.approved },
        })
      : await app.inject({
          method: 'POST',
          url: `/api/appointments/${id}/payment/simulate`,
          headers: { cookie },
        });
  expect(paid.statusCode).toBe(200);
  return { id, patientId: patient.id };
}

const paymentOf = async (appointmentId: string) =>
  (
    await app.db.select().from(payments).where(eq(payments.appointmentId, appointmentId))
  )[0] as typeof payments.$inferSelect;

const doctorAct = (doctor: Doctor, id: string, action: 'accept' | 'reject') =>
  app.inject({
    method: 'POST',
    url: `/api/doctor/appointments/${id}/${action}`,
    headers: { cookie: doctor.cookie },
  });

/**
 * A card consultation accepted, moved into the past and held by both: closed now, it is completed.
 * Answers its id and when it was closed.
 */
async function heldConsultation(doctor: Doctor) {
  const { id, patientId } = await bookPaid(doctor, 'card', 6);
  expect((await doctorAct(doctor, id, 'accept')).statusCode).toBe(200);
  const now = new Date();
  const endsAt = new Date(now.getTime() - 3_600_000);
  await app.db
    .update(appointments)
    .set({ startsAt: new Date(endsAt.getTime() - 30 * 60_000), endsAt })
    .where(eq(appointments.id, id));
  await app.db.insert(consultationParticipants).values([
    { appointmentId: id, userId: patientId },
    { appointmentId: id, userId: doctor.id },
  ]);
  await runTransition(app.booking, id, { kind: 'close_unended' }, BY_RULES, now);
  expect((await app.db.select().from(appointments).where(eq(appointments.id, id)))[0]?.status).toBe(
    'completed',
  );
  return { id, now };
}

beforeAll(async () => {
  app = await createTestApp();
  adminId = (await createAdmin(app.db)).id;
});

describe('the ledger follows the money', () => {
  it('posts a PIX paid once: gross in, commission and held share out, whatever replays the event', async () => {
    const doctor = await newDoctor();
    const { id } = await bookPaid(doctor, 'pix');
    const payment = await paymentOf(id);
    expect(await ledgerOf(app.db, payment.id)).toEqual([
      {
        kind: 'capture',
        effectiveAt: payment.paidAt,
        lines: { patient_payments: PRICE, platform_commission: -FEE, doctor_held: -SHARE },
      },
    ]);
    // The same event again, another event saying the same, and the posting itself again.
    const event = { id: 'evt_replayed', type: 'paid' as const, providerRef: payment.providerRef as string };
    await Promise.all([1, 2, 3].map(() => applyProviderEvent(app.booking, 'sandbox', event)));
    await applyProviderEvent(app.booking, 'sandbox', { ...event, id: 'evt_other' });
    const share = {
      paymentId: payment.id,
      doctorId: doctor.doctorId,
      amount: PRICE,
      platformFee: FEE,
      doctorAmount: SHARE,
    };
    expect(await app.db.transaction((tx) => postCapture(tx, share, new Date()))).toBe(false);
    expect(await ledgerOf(app.db, payment.id)).toHaveLength(1);
    expect(await doctorBalance(app.db, doctor.doctorId)).toEqual({ held: SHARE, available: 0, paidOut: 0 });
  });

  it('posts a card when it is captured on acceptance, not when it is only authorised', async () => {
    const doctor = await newDoctor();
    const { id } = await bookPaid(doctor, 'card');
    const payment = await paymentOf(id);
    expect(payment.status).toBe('processing');
    expect(await ledgerOf(app.db, payment.id)).toEqual([]);
    expect((await doctorAct(doctor, id, 'accept')).statusCode).toBe(200);
    expect((await ledgerOf(app.db, payment.id)).map((t) => t.kind)).toEqual(['capture']);
    // Stripe's own "succeeded" after our capture changes nothing.
    await applyProviderEvent(app.booking, 'sandbox', {
      id: 'evt_succeeded',
      type: 'paid',
      providerRef: payment.providerRef as string,
    });
    expect(await ledgerOf(app.db, payment.id)).toHaveLength(1);
  });

  it('a released authorisation moves no money; a rejected paid request gives the whole split back', async () => {
    const doctor = await newDoctor();
    const card = await bookPaid(doctor, 'card');
    expect((await doctorAct(doctor, card.id, 'reject')).statusCode).toBe(200);
    expect(await ledgerOf(app.db, (await paymentOf(card.id)).id)).toEqual([]);

    const pix = await bookPaid(doctor, 'pix', 7);
    expect((await doctorAct(doctor, pix.id, 'reject')).statusCode).toBe(200);
    const payment = await paymentOf(pix.id);
    expect(payment.status).toBe('refunded');
    expect((await ledgerOf(app.db, payment.id)).map((t) => [t.kind, t.lines])).toEqual([
      ['capture', { patient_payments: PRICE, platform_commission: -FEE, doctor_held: -SHARE }],
      ['refund', { refunds: -PRICE, platform_commission: FEE, doctor_held: SHARE }],
    ]);
    expect(await doctorBalance(app.db, doctor.doctorId)).toEqual({ held: 0, available: 0, paidOut: 0 });
  });

  it('a boleto refund is owed until the team records the PIX transfer, then it leaves', async () => {
    const doctor = await newDoctor();
    const { id } = await bookPaid(doctor, 'boleto', 8);
    expect((await doctorAct(doctor, id, 'reject')).statusCode).toBe(200);
    const payment = await paymentOf(id);
    expect((await ledgerOf(app.db, payment.id)).map((t) => [t.kind, t.lines])).toEqual([
      ['capture', { patient_payments: PRICE, platform_commission: -FEE, doctor_held: -SHARE }],
      ['refund_owed', { refunds_payable: -PRICE, platform_commission: FEE, doctor_held: SHARE }],
    ]);
    await recordRefundTransfer(app.booking, { id: adminId, role: 'admin' }, id, 'E2E0001');
    const ledger = await ledgerOf(app.db, payment.id);
    expect(ledger.at(-1)).toMatchObject({
      kind: 'refund_transfer',
      lines: { refunds_payable: PRICE, refunds: -PRICE },
    });
    expect(ledger).toHaveLength(3);
  });

  it('holds the share until the holding days after the consultation, then makes it available', async () => {
    const doctor = await newDoctor();
    const { id, now } = await heldConsultation(doctor);
    const payment = await paymentOf(id);
    const release = (await ledgerOf(app.db, payment.id)).find((t) => t.kind === 'release');
    expect(release).toMatchObject({ lines: { doctor_held: SHARE, doctor_available: -SHARE } });
    expect(release?.effectiveAt.getTime()).toBe(now.getTime() + app.config.shareHoldDays * DAY);
    expect(app.config.shareHoldDays).toBe(7);
    expect(await doctorBalance(app.db, doctor.doctorId, now)).toMatchObject({ held: SHARE, available: 0 });
    const later = new Date(now.getTime() + 7 * DAY + 1000);
    expect(await doctorBalance(app.db, doctor.doctorId, later)).toMatchObject({ held: 0, available: SHARE });
  });

  it('a refund before the release takes from the held share and cancels the release', async () => {
    const doctor = await newDoctor();
    const { id, now } = await heldConsultation(doctor);
    const payment = await paymentOf(id);
    await applyProviderEvent(
      app.booking,
      'sandbox',
      {
        id: 'evt_refund_early',
        type: 'refunded',
        providerRef: payment.providerRef as string,
        refunds: [{ id: 're_early', amount: PRICE }],
      },
      new Date(now.getTime() + DAY),
    );
    const afterRelease = new Date(now.getTime() + 30 * DAY);
    expect(await doctorBalance(app.db, doctor.doctorId, afterRelease)).toEqual({
      held: 0,
      available: 0,
      paidOut: 0,
    });
    expect((await ledgerOf(app.db, payment.id)).map((t) => t.kind)).toEqual([
      'capture',
      'release',
      'refund',
      'release_adjustment',
    ]);
  });

  it('a refund after a payout leaves the doctor owing, carried to the next payout', async () => {
    const doctor = await newDoctor();
    const { id, now } = await heldConsultation(doctor);
    const payment = await paymentOf(id);
    const day = (n: number) => new Date(now.getTime() + n * DAY);
    expect(await doctorBalance(app.db, doctor.doctorId, day(8))).toEqual({
      held: 0,
      available: SHARE,
      paidOut: 0,
    });
    await app.db.transaction((tx) =>
      postPayout(tx, {
        doctorId: doctor.doctorId,
        amount: SHARE,
        sourceKey: `payout:test:${id}`,
        at: day(8),
      }),
    );
    expect(await doctorBalance(app.db, doctor.doctorId, day(8))).toEqual({
      held: 0,
      available: 0,
      paidOut: SHARE,
    });
    await applyProviderEvent(
      app.booking,
      'sandbox',
      {
        id: 'evt_refund_late',
        type: 'refunded',
        providerRef: payment.providerRef as string,
        refunds: [{ id: 're_late', amount: PRICE }],
      },
      day(9),
    );
    expect(await doctorBalance(app.db, doctor.doctorId, day(10))).toEqual({
      held: 0,
      available: -SHARE,
      paidOut: SHARE,
    });
    // Before the refund the balance was what it was: history is not rewritten.
    expect(await doctorBalance(app.db, doctor.doctorId, day(8))).toEqual({
      held: 0,
      available: 0,
      paidOut: SHARE,
    });
  });

  it('partial refunds split in proportion and together give back exactly the split', async () => {
    const doctor = await newDoctor();
    const { id } = await bookPaid(doctor, 'pix', 9);
    const payment = await paymentOf(id);
    const share = {
      paymentId: payment.id,
      doctorId: doctor.doctorId,
      amount: PRICE,
      platformFee: FEE,
      doctorAmount: SHARE,
    };
    const refund = (amount: number, key: string) =>
      app.db.transaction((tx) =>
        postRefund(tx, share, { kind: 'refund', amount, sourceKey: key, at: new Date() }),
      );
    expect(await refund(3_333, 'partial:1')).toBe(3_333);
    expect(await refund(3_333, 'partial:1')).toBe(0);
    expect(await refund(10_000, 'partial:2')).toBe(10_000);
    // More than what is left is cut to what is left.
    expect(await refund(50_000, 'partial:3')).toBe(PRICE - 13_333);
    expect(await refund(1, 'partial:4')).toBe(0);
    const ledger = await ledgerOf(app.db, payment.id);
    expect(ledger.slice(1).map((t) => t.lines)).toEqual([
      { refunds: -3_333, platform_commission: 333, doctor_held: 3_000 },
      { refunds: -10_000, platform_commission: 1_000, doctor_held: 9_000 },
      { refunds: -6_667, platform_commission: 667, doctor_held: 6_000 },
    ]);
    expect(await doctorBalance(app.db, doctor.doctorId)).toEqual({ held: 0, available: 0, paidOut: 0 });
  });

  it('keeps the books: every transaction balanced, and the money in equals where it went', async () => {
    expect(await unbalancedTransactions(app.db)).toEqual([]);
    const t = await platformTotals(app.db, { to: new Date(Date.now() + 365 * DAY) });
    expect(t.patientPayments).toBeGreaterThan(0);
    expect(t.patientPayments).toBe(
      t.refunds +
        t.refundsOwed +
        t.awaitingDoctor +
        t.commission +
        t.doctorHeld +
        t.doctorAvailable +
        t.providerFees +
        t.chargebacks -
        t.disputesOpen +
        t.payouts,
    );
    expect(t.cash).toBe(t.patientPayments - t.refunds - t.payouts - t.providerFees - t.chargebacks);
  });
});

describe('the database keeps the ledger whole, whoever writes', () => {
  async function doctorId() {
    return (await newDoctor()).doctorId;
  }
  const insertTx = (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0], key: string) =>
    tx.execute<{ id: string }>(
      sql`insert into ledger_transactions (kind, source_key, effective_at) values ('payout', ${key}, now()) returning id`,
    );
  const insertEntry = (
    tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0],
    transactionId: string,
    account: string,
    doctor: string,
    amount: number,
    effectiveAt = sql`now()`,
  ) =>
    tx.execute(
      sql`insert into ledger_entries (transaction_id, account, doctor_id, effective_at, amount) values (${transactionId}, ${account}, ${doctor}, ${effectiveAt}, ${amount})`,
    );

  it('refuses at commit a transaction whose entries do not sum to zero, or that has fewer than two', async () => {
    const doctor = await doctorId();
    const unbalanced = app.db.transaction(async (tx) => {
      const { rows } = await insertTx(tx, 'raw:unbalanced');
      await insertEntry(tx, rows[0]?.id as string, 'doctor_available', doctor, 100);
      await insertEntry(tx, rows[0]?.id as string, 'payouts', doctor, -90);
    });
    await expect(unbalanced).rejects.toSatisfy(
      (e) => pgErrorOf(e).code === '23514' && /not balanced/.test(pgErrorOf(e).message),
    );
    const single = app.db.transaction(async (tx) => {
      const { rows } = await insertTx(tx, 'raw:single');
      await insertEntry(tx, rows[0]?.id as string, 'doctor_available', doctor, 100);
    });
    await expect(single).rejects.toSatisfy((e) => /not balanced/.test(pgErrorOf(e).message));
    const empty = app.db.transaction(async (tx) => {
      await insertTx(tx, 'raw:empty');
    });
    await expect(empty).rejects.toSatisfy((e) => /not balanced/.test(pgErrorOf(e).message));
    const kept = await app.db
      .select()
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.sourceKey} like 'raw:%'`);
    expect(kept).toEqual([]);
  });

  it('refuses an entry dated otherwise than its transaction, and accepts a balanced one', async () => {
    const doctor = await doctorId();
    const misdated = app.db.transaction(async (tx) => {
      const { rows } = await insertTx(tx, 'raw:misdated');
      await insertEntry(
        tx,
        rows[0]?.id as string,
        'doctor_available',
        doctor,
        100,
        sql`now() - interval '1 day'`,
      );
      await insertEntry(tx, rows[0]?.id as string, 'payouts', doctor, -100);
    });
    await expect(misdated).rejects.toSatisfy(
      (e) => pgErrorOf(e).constraint === 'ledger_entries_match_transaction',
    );
    await app.db.transaction(async (tx) => {
      const { rows } = await insertTx(tx, 'raw:balanced');
      await insertEntry(tx, rows[0]?.id as string, 'doctor_available', doctor, 100);
      await insertEntry(tx, rows[0]?.id as string, 'payouts', doctor, -100);
    });
  });

  it('refuses any update or delete of an entry or a transaction', async () => {
    const attempts = [
      sql`update ledger_entries set amount = amount * 2`,
      sql`delete from ledger_entries`,
      sql`update ledger_transactions set effective_at = now() + interval '1 year'`,
      sql`delete from ledger_transactions`,
      sql`update audit_log set action = 'x'`,
    ];
    const before = await app.db.execute(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as s from ledger_entries`,
    );
    expect(Number((before.rows[0] as { n: number }).n)).toBeGreaterThan(0);
    for (const attempt of attempts) {
      // audit_log may be empty here: a statement that touches no row has nothing to refuse.
      if (/audit_log/.test(JSON.stringify(attempt))) continue;
      const error = await app.db.execute(attempt).then(
        () => null,
        (e: unknown) => e,
      );
      expect(pgErrorOf(error)).toMatchObject({ code: '23001' });
      expect(pgErrorOf(error).message).toMatch(/append-only/);
    }
    const after = await app.db.execute(
      sql`select count(*)::int as n, coalesce(sum(amount), 0)::bigint as s from ledger_entries`,
    );
    expect(after.rows).toEqual(before.rows);
  });
});
