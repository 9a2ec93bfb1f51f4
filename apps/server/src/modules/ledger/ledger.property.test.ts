import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, ledgerEntries, ledgerTransactions, payments } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { unbalancedTransactions } from '../../test/ledger.ts';
import { createTestApp } from '../../test/test-app.ts';
import { splitAmount } from '../payments/money.ts';
import {
  doctorBalance,
  type PaymentShare,
  platformTotals,
  postCapture,
  postChargebackLost,
  postChargebackOpened,
  postChargebackWon,
  postPayout,
  postProviderFee,
  postRefund,
  postRefundTransfer,
  postRelease,
} from './ledger.service.ts';

/**
 * Any sequence of bookings, captures, fees, full and partial refunds (given back or owed and then
 * transferred), releases, chargebacks opened, won and lost, payouts and replays of any of them keeps
 * every transaction balanced, never posts a cause twice, and leaves each payment's money where its
 * split says: Pulsa's part and the doctor's part of what was not given back.
 */

let app: FastifyInstance;
let patientId = '';
const HOUR = 3_600_000;
const FAR_FUTURE = new Date('2100-01-01T00:00:00Z');

type Command =
  | { op: 'book'; amount: number; bp: number }
  | { op: 'capture'; p: number }
  | { op: 'fee'; p: number; fee: number }
  | { op: 'refund'; p: number; amount: number; owed: boolean }
  | { op: 'transfer'; p: number }
  | { op: 'release'; p: number; holdDays: number }
  | { op: 'dispute'; p: number; amount: number }
  | { op: 'disputeClosed'; p: number; won: boolean }
  | { op: 'payout'; fraction: number }
  | { op: 'replay'; k: number }
  | { op: 'wait'; hours: number };

const index = fc.nat({ max: 7 });
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('book' as const),
      amount: fc.integer({ min: 1, max: 200_000 }),
      bp: fc.integer({ min: 0, max: 10_000 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('capture' as const), p: index }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('fee' as const),
      p: index,
      fee: fc.integer({ min: 1, max: 900 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('refund' as const),
      p: index,
      amount: fc.integer({ min: 1, max: 250_000 }),
      owed: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('transfer' as const), p: index }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('release' as const), p: index, holdDays: fc.nat({ max: 10 }) }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('dispute' as const),
      p: index,
      amount: fc.integer({ min: 1, max: 250_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('disputeClosed' as const), p: index, won: fc.boolean() }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('payout' as const),
      fraction: fc.double({ min: 0.1, max: 1, noNaN: true }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replay' as const), k: fc.nat({ max: 40 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 24 * 12 }) }),
  },
);

/** Signed sums of a payment's entries per account (all time), from the database. */
async function sumsOf(paymentId: string) {
  const rows = await app.db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId))
    .groupBy(ledgerEntries.account);
  const m = new Map(rows.map((r) => [r.account, Number(r.total)]));
  return (a: string) => m.get(a as never) ?? 0;
}

async function heldAt(paymentId: string, at: Date) {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.paymentId, paymentId),
        eq(ledgerEntries.account, 'doctor_held'),
        sql`${ledgerEntries.effectiveAt} <= ${at}`,
      ),
    );
  return -Number(row?.total ?? 0);
}

const transactionCount = async () =>
  Number(
    (await app.db.execute<{ n: string }>(sql`select count(*) as n from ledger_transactions`)).rows[0]?.n,
  );

/** Pulsa's part of `gross` of a payment, as the split rounds it. */
const commissionPartOf = (s: PaymentShare, gross: number) =>
  s.amount === 0 ? 0 : Math.floor((2 * gross * s.platformFee + s.amount) / (2 * s.amount));

let run = 0;
/** Zero without its sign: -0 and 0 are the same number of centavos. */
const n = (x: number) => x + 0;

async function runCommands(commands: Command[]) {
  run += 1;
  const doctor = await createDoctor(app.db);
  const shares: PaymentShare[] = [];
  const done: (() => Promise<unknown>)[] = [];
  let clock = Date.now();
  const at = () => new Date(clock);
  const key = (k: number) => `prop:${run}:${k}`;
  const tx = <T>(work: (t: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<T>) =>
    app.db.transaction(work);

  for (const [k, c] of commands.entries()) {
    const share = shares.length && 'p' in c ? shares[c.p % shares.length] : undefined;
    let action: (() => Promise<unknown>) | undefined;
    switch (c.op) {
      case 'book': {
        const start = new Date(Date.now() + (shares.length + 1) * 2 * HOUR + run * 100 * HOUR);
        const [appointment] = await app.db
          .insert(appointments)
          .values({
            patientId,
            doctorId: doctor.doctorId,
            startsAt: start,
            endsAt: new Date(start.getTime() + HOUR / 2),
            price: c.amount,
          })
          .returning({ id: appointments.id });
        const split = splitAmount(c.amount, c.bp);
        const [payment] = await app.db
          .insert(payments)
          .values({
            appointmentId: appointment?.id as string,
            doctorId: doctor.doctorId,
            patientId,
            ...split,
            commissionBp: c.bp,
            method: 'card',
            provider: 'sandbox',
          })
          .returning({ id: payments.id });
        shares.push({ paymentId: payment?.id as string, doctorId: doctor.doctorId, ...split });
        break;
      }
      case 'capture':
        if (share) action = () => tx((t) => postCapture(t, share, at()));
        break;
      case 'fee':
        if (share)
          action = () => tx((t) => postProviderFee(t, share, { fee: c.fee, sourceKey: key(k), at: at() }));
        break;
      case 'refund':
        if (share)
          action = () =>
            tx((t) =>
              postRefund(t, share, {
                kind: c.owed ? 'refund_owed' : 'refund',
                amount: c.amount,
                sourceKey: key(k),
                at: at(),
              }),
            );
        break;
      case 'transfer':
        if (share) {
          const owed = -(await sumsOf(share.paymentId))('refunds_payable');
          if (owed > 0)
            action = () =>
              tx((t) => postRefundTransfer(t, share, { amount: owed, sourceKey: key(k), at: at() }));
        }
        break;
      case 'release':
        if (share)
          action = () => tx((t) => postRelease(t, share, { endedAt: at(), holdDays: c.holdDays, at: at() }));
        break;
      case 'dispute':
        if (share)
          action = () =>
            tx((t) => postChargebackOpened(t, share, { amount: c.amount, sourceKey: key(k), at: at() }));
        break;
      case 'disputeClosed':
        if (share) {
          const open = (await sumsOf(share.paymentId))('disputes_open');
          const close = c.won ? postChargebackWon : postChargebackLost;
          if (open > 0)
            action = () => tx((t) => close(t, share, { amount: open, sourceKey: key(k), at: at() }));
        }
        break;
      case 'payout': {
        const { available } = await doctorBalance(app.db, doctor.doctorId, at());
        const amount = Math.floor(available * c.fraction);
        if (amount > 0)
          action = () =>
            tx((t) => postPayout(t, { doctorId: doctor.doctorId, amount, sourceKey: key(k), at: at() }));
        break;
      }
      case 'replay': {
        const again = done[c.k % Math.max(done.length, 1)];
        if (again) {
          // The same cause, posted again with its key: nothing new.
          const before = await transactionCount();
          await again();
          expect(await transactionCount()).toBe(before);
        }
        break;
      }
      case 'wait':
        clock += c.hours * HOUR;
        break;
    }
    if (action) {
      const before = await transactionCount();
      await action();
      // Causes that posted something are replayed later; one that found nothing to do may still
      // post when it comes again (a refund asked before the money arrived).
      if ((await transactionCount()) > before) done.push(action);
    }
    clock += 60_000;
  }

  // ── What must hold ──
  expect(await unbalancedTransactions(app.db)).toEqual([]);
  let doctorClaims = 0;
  for (const s of shares) {
    const sum = await sumsOf(s.paymentId);
    const captured = sum('patient_payments');
    if (captured === 0) {
      const [any] = await app.db
        .select()
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.paymentId, s.paymentId));
      expect(any).toBeUndefined();
      continue;
    }
    expect(captured).toBe(s.amount);
    const disputed = sum('disputes_open');
    const returned = -(sum('refunds') + sum('refunds_payable') + sum('chargebacks') + disputed);
    expect(disputed).toBeGreaterThanOrEqual(0);
    expect(returned).toBeGreaterThanOrEqual(0);
    expect(returned + disputed).toBeLessThanOrEqual(captured);
    expect(-sum('refunds_payable')).toBeGreaterThanOrEqual(0);
    // Pulsa keeps its part of what was not given back (fees come out of it); the doctor the rest.
    const pulsa = commissionPartOf(s, s.amount) - commissionPartOf(s, returned);
    expect(n(-sum('platform_commission') - sum('provider_fees'))).toBe(n(pulsa));
    const doctorPart = n(-(sum('doctor_held') + sum('doctor_available')));
    expect(doctorPart).toBe(n(s.amount - returned - pulsa));
    expect(await heldAt(s.paymentId, FAR_FUTURE)).toBeGreaterThanOrEqual(0);
    doctorClaims += doctorPart;
  }
  const balance = await doctorBalance(app.db, doctor.doctorId, FAR_FUTURE);
  expect(n(balance.held + balance.available + balance.paidOut)).toBe(n(doctorClaims));
  expect(balance.held).toBeGreaterThanOrEqual(0);
  expect(balance.paidOut).toBeGreaterThanOrEqual(0);
}

beforeAll(async () => {
  app = await createTestApp();
  patientId = (await createPatient(app.db)).id;
});

describe('the ledger under any sequence of money events', () => {
  it('stays balanced, idempotent and true to each split', { timeout: 240_000 }, async () => {
    await fc.assert(fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 30 }), runCommands), {
      numRuns: Number(process.env.LEDGER_PROPERTY_RUNS ?? 40),
    });
    // And over everything all runs posted: the money in is where it went.
    const t = await platformTotals(app.db, { to: FAR_FUTURE });
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
  });
});
