import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disputes,
  doctorProfiles,
  ledgerTransactions,
  notifications,
  payments,
  refunds,
} from '../../db/schema.ts';
import { createAdmin, createDoctor, createPatient } from '../../seed/factories.ts';
import { clearPendingBookings } from '../../test/holds.ts';
import { ledgerOf } from '../../test/ledger.ts';
import { peerFeeOf, type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { act } from '../appointments/appointments.lifecycle.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { doctorBalance } from '../ledger/ledger.service.ts';
import { createStripeProvider } from './stripe-provider.ts';

const SECRET_KEY = 'sk_test_pulsa_disputes';
const WEBHOOK_SECRET = 'whsec_pulsa_disputes';

let app: FastifyInstance;
let peer: StripePeer;
let patientId: string;
let cookie: string;
let doctorId: string;
let adminId: string;
let day = 3;

const slotAt = (days: number) =>
  new Date(`${addDays(localDateOf(new Date(), 'America/Sao_Paulo'), days)}T10:00:00-03:00`).toISOString();

const deliver = ({ body, signature }: { body: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payments/webhooks/stripe',
    headers: { 'content-type': 'application/json', origin: undefined, 'stripe-signature': signature },
    payload: body,
  });

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET });
  app = await createTestApp();
  app.booking.provider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_pulsa_disputes',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: peer.port,
    protocol: 'http',
  });
  const doctor = await createDoctor(app.db, {
    consultationPrice: 20_000,
    availability: [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' })),
  });
  doctorId = doctor.doctorId;
  adminId = (await createAdmin(app.db)).id;
  const patient = await createPatient(app.db);
  patientId = patient.id;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: patient.email, password: patient.password },
  });
  cookie = sessionCookieFrom(res);
});
afterAll(() => peer.close());

/** A PIX booked on Stripe and paid: the intent succeeded with its charge and fee. */
async function paidPix() {
  await clearPendingBookings(app.db, patientId);
  const res = await app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: { cookie },
    payload: { doctorId, startsAt: slotAt(day++), method: 'pix', acceptPolicy: true },
  });
  expect(res.statusCode).toBe(201);
  const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, res.json().id));
  const intentId = payment?.providerRef as string;
  const charge = peer.pay(intentId);
  const paid = peer.event(`evt_paid_${intentId}`, 'payment_intent.succeeded', {
    id: intentId,
    object: 'payment_intent',
    status: 'succeeded',
  });
  expect((await deliver(paid)).statusCode).toBe(200);
  return { payment: payment as typeof payments.$inferSelect, intentId, charge };
}

/** Each account's total over the payment's whole ledger. */
async function totalsOf(paymentId: string) {
  const totals: Record<string, number> = {};
  for (const t of await ledgerOf(app.db, paymentId))
    for (const [account, amount] of Object.entries(t.lines))
      totals[account] = (totals[account] ?? 0) + amount;
  return totals;
}

const kindsOf = async (paymentId: string) =>
  (await app.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paymentId)))
    .map((t) => t.kind)
    .sort();

describe('provider fees', () => {
  it('the fee of the charge’s balance transaction enters the ledger once, Pulsa bearing it', async () => {
    const { payment, charge } = await paidPix();
    for (const type of ['charge.succeeded', 'charge.updated', 'charge.succeeded'])
      expect(
        (await deliver(peer.event(`evt_${type}_${charge.id}_${Math.random()}`, type, charge))).statusCode,
      ).toBe(200);
    const fee = peerFeeOf(20_000);
    const ledger = await totalsOf(payment.id);
    expect(ledger.provider_fees).toBe(-fee);
    // Out of the commission: the doctor's share is untouched.
    expect(ledger.platform_commission).toBe(-2_000 + fee);
    expect(ledger.doctor_held).toBe(-18_000);
    expect((await kindsOf(payment.id)).filter((k) => k === 'provider_fee')).toHaveLength(1);
  });
});

describe('card disputes', () => {
  it('opened: the amount leaves and the doctor’s share is held; replays and updates move nothing; lost: gone', async () => {
    const { payment, intentId } = await paidPix();
    const dispute = peer.dispute(intentId, { reason: 'fraudulent' });
    const opened = peer.event('evt_dp_created_1', 'charge.dispute.created', dispute);
    for (let i = 0; i < 2; i++) expect((await deliver(opened)).statusCode).toBe(200);
    expect(
      (
        await deliver(
          peer.event('evt_dp_updated_1', 'charge.dispute.updated', { ...dispute, status: 'under_review' }),
        )
      ).statusCode,
    ).toBe(200);
    const [row] = await app.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(row).toMatchObject({
      paymentId: payment.id,
      amount: 20_000,
      status: 'open',
      reason: 'fraudulent',
    });
    let ledger = await totalsOf(payment.id);
    expect(ledger).toMatchObject({ chargebacks: -20_000, disputes_open: 20_000 });
    expect((await kindsOf(payment.id)).filter((k) => k === 'chargeback_opened')).toHaveLength(1);
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, adminId), eq(notifications.type, 'payment.dispute_opened')));
    expect(told).toHaveLength(1);
    expect(told[0]?.link).toBe(`/admin/payments?q=${payment.id}`);

    // Nothing more can be refunded while the whole amount is disputed.
    const admin = await app.db.select().from(disputes).where(eq(disputes.paymentId, payment.id));
    expect(admin).toHaveLength(1);

    const lost = peer.event('evt_dp_closed_1', 'charge.dispute.closed', { ...dispute, status: 'lost' });
    for (let i = 0; i < 2; i++) expect((await deliver(lost)).statusCode).toBe(200);
    const [closed] = await app.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(closed?.status).toBe('lost');
    expect(closed?.closedAt).toBeInstanceOf(Date);
    ledger = await totalsOf(payment.id);
    // Lost: the commission and the doctor's share gave it up, as a refund would.
    expect(ledger).toMatchObject({ chargebacks: -20_000, platform_commission: 0, doctor_held: 0 });
    expect(ledger.disputes_open ?? 0).toBe(0);
  });

  it('won: the money comes back and the doctor’s share is theirs again; a close before the opening opens it first', async () => {
    const { payment, intentId } = await paidPix();
    const before = await doctorBalance(app.db, doctorId);
    const dispute = peer.dispute(intentId, { amount: 5_000, reason: 'product_not_received' });
    const won = peer.event('evt_dp_closed_won', 'charge.dispute.closed', { ...dispute, status: 'won' });
    expect((await deliver(won)).statusCode).toBe(200);
    // The opening arrives late: already applied, it moves nothing.
    expect(
      (await deliver(peer.event('evt_dp_created_late', 'charge.dispute.created', dispute))).statusCode,
    ).toBe(200);
    const ledger = await totalsOf(payment.id);
    expect(ledger).toMatchObject({ platform_commission: -2_000, doctor_held: -18_000 });
    expect(ledger.chargebacks ?? 0).toBe(0);
    expect(ledger.disputes_open ?? 0).toBe(0);
    const [row] = await app.db.select().from(disputes).where(eq(disputes.id, dispute.id));
    expect(row?.status).toBe('won');
    expect((await doctorBalance(app.db, doctorId)).held).toBe(before.held);
  });
});

describe('a cancel or a rejection under an open dispute', () => {
  it('refunds only what is not disputed: the disputed amount is never given back twice', async () => {
    const { payment, intentId } = await paidPix();
    const dispute = peer.dispute(intentId, { amount: 5_000, reason: 'general' });
    expect(
      (await deliver(peer.event(`evt_dp_part_${dispute.id}`, 'charge.dispute.created', dispute))).statusCode,
    ).toBe(200);
    // The doctor refuses the request: the refund leaves out the R$ 50,00 the networks hold.
    const doctorUser = await app.db.select().from(doctorProfiles).where(eq(doctorProfiles.id, doctorId));
    const viewer = { id: doctorUser[0]?.userId as string, role: 'doctor' as const };
    await act(app.booking, viewer, payment.appointmentId, { kind: 'reject' });
    const given = await app.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
    expect(given.map((r) => r.amount)).toEqual([15_000]);
    const refundedAtStripe = peer.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.payment_intent === intentId,
    );
    expect(refundedAtStripe.map((r) => Number(r.form.amount))).toEqual([15_000]);
    const [after] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(after?.status).toBe('paid');
    const ledger = await totalsOf(payment.id);
    expect(ledger).toMatchObject({ refunds: -15_000, chargebacks: -5_000, disputes_open: 5_000 });
  });
});

describe('refunds made in Stripe’s dashboard', () => {
  /** A refund object as Stripe sends it, with a balance transaction keeping `fee`. */
  const dashboardRefund = (intentId: string, id: string, amount: number, fee: number) => {
    const bt = { id: `txn_${id}`, object: 'balance_transaction', amount: -amount, fee };
    peer.balanceTransactions.set(bt.id, bt);
    return {
      id,
      object: 'refund',
      amount,
      currency: 'brl',
      payment_intent: intentId,
      balance_transaction: bt.id,
      status: 'succeeded',
    };
  };
  const refundsOf = (paymentId: string) =>
    app.db.select().from(refunds).where(eq(refunds.paymentId, paymentId));

  it('a partial refund, then the rest, each recorded once with its fee; nothing is refundable here after', async () => {
    const { payment, intentId } = await paidPix();
    const part = dashboardRefund(intentId, 're_dash_part', 5_000, 120);
    const created = peer.event('evt_re_part_created', 'refund.created', part);
    for (let i = 0; i < 2; i++) expect((await deliver(created)).statusCode).toBe(200);
    expect((await deliver(peer.event('evt_re_part_updated', 'refund.updated', part))).statusCode).toBe(200);
    expect((await refundsOf(payment.id)).map((r) => [r.amount, r.providerRef])).toEqual([
      [5_000, 're_dash_part'],
    ]);
    let [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('paid');

    const rest = dashboardRefund(intentId, 're_dash_rest', 15_000, 0);
    const charge = { ...peer.chargeOf(intentId), refunded: true, amount_refunded: 20_000 };
    for (const [id, type, object] of [
      ['evt_re_rest_created', 'refund.created', rest],
      ['evt_ch_refunded', 'charge.refunded', charge],
      ['evt_re_rest_created', 'refund.created', rest],
    ] as const)
      expect((await deliver(peer.event(id, type, object))).statusCode).toBe(200);
    expect((await refundsOf(payment.id)).map((r) => r.amount).sort((a, b) => a - b)).toEqual([5_000, 15_000]);
    [row] = await app.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row?.status).toBe('refunded');
    const ledger = await totalsOf(payment.id);
    expect(ledger.refunds).toBe(-20_000);
    // The charge's fee was never delivered here: the only fee is the one kept on the partial refund.
    expect(ledger.provider_fees).toBe(-120);
    expect(Object.values(ledger).reduce((s, n) => s + n, 0)).toBe(0);

    // The doctor refuses now: nothing is left, so nothing goes back at Stripe again.
    const doctorUser = await app.db.select().from(doctorProfiles).where(eq(doctorProfiles.id, doctorId));
    const viewer = { id: doctorUser[0]?.userId as string, role: 'doctor' as const };
    await act(app.booking, viewer, payment.appointmentId, { kind: 'reject' });
    expect(
      peer.requests.filter((r) => r.path === '/v1/refunds' && r.form.payment_intent === intentId),
    ).toEqual([]);
    expect(await refundsOf(payment.id)).toHaveLength(2);
  });

  it('a partial refund there leaves only the rest for a refund here', async () => {
    const { payment, intentId } = await paidPix();
    const part = dashboardRefund(intentId, 're_dash_only', 6_000, 0);
    expect((await deliver(peer.event('evt_re_only', 'refund.created', part))).statusCode).toBe(200);
    const doctorUser = await app.db.select().from(doctorProfiles).where(eq(doctorProfiles.id, doctorId));
    const viewer = { id: doctorUser[0]?.userId as string, role: 'doctor' as const };
    await act(app.booking, viewer, payment.appointmentId, { kind: 'reject' });
    const atStripe = peer.requests.filter(
      (r) => r.path === '/v1/refunds' && r.form.payment_intent === intentId,
    );
    expect(atStripe.map((r) => Number(r.form.amount))).toEqual([14_000]);
    expect((await totalsOf(payment.id)).refunds).toBe(-20_000);
  });

  it('a refund made here, whose webhook then arrives, is counted once', async () => {
    const { payment, intentId } = await paidPix();
    const doctorUser = await app.db.select().from(doctorProfiles).where(eq(doctorProfiles.id, doctorId));
    const viewer = { id: doctorUser[0]?.userId as string, role: 'doctor' as const };
    await act(app.booking, viewer, payment.appointmentId, { kind: 'reject' });
    const ours = peer.refunds.find((r) => r.payment_intent === intentId) as Record<string, unknown>;
    expect(ours).toBeDefined();
    expect((await deliver(peer.event(`evt_ours_${ours.id}`, 'refund.created', ours))).statusCode).toBe(200);
    const charge = { ...peer.chargeOf(intentId), refunded: true, amount_refunded: 20_000 };
    expect((await deliver(peer.event(`evt_ours_ch_${ours.id}`, 'charge.refunded', charge))).statusCode).toBe(
      200,
    );
    expect((await refundsOf(payment.id)).map((r) => r.amount)).toEqual([20_000]);
    expect((await totalsOf(payment.id)).refunds).toBe(-20_000);
  });
});
