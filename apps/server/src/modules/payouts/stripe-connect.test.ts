import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, paymentEvents, payoutAccounts, payouts } from '../../db/schema.ts';
import { later, payoutTestKit, SHARE } from '../../test/payouts.ts';
import { type StripePeer, signedStripeEvent, startStripePeer } from '../../test/stripe-peer.ts';
import { createTestApp } from '../../test/test-app.ts';
import { doctorBalance } from '../ledger/ledger.service.ts';
import type { ConnectPayoutProvider } from './payout-provider.ts';
import { buildPayouts } from './payouts.service.ts';
import { createStripeConnectProvider, payoutProviderFor, TRANSFER_REFUSED } from './stripe-connect.ts';

const SECRET_KEY = 'sk_test_connect';
const CONNECT_SECRET = 'whsec_connect_test';

let app: FastifyInstance;
let peer: StripePeer;
const { call, newDoctor, completedConsultation } = payoutTestKit(() => app);

beforeAll(async () => {
  app = await createTestApp();
  peer = await startStripePeer({ secretKey: SECRET_KEY });
  app.payouts.provider = createStripeConnectProvider({
    secretKey: SECRET_KEY,
    webhookSecret: CONNECT_SECRET,
    host: '127.0.0.1',
    port: peer.port,
    protocol: 'http',
  });
});
afterAll(() => peer.close());

const deliver = (event: { payload: string; signature: string }) =>
  app.inject({
    method: 'POST',
    url: '/api/payouts/webhooks/stripe-connect',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });

const payoutsOf = (doctorId: string) => app.db.select().from(payouts).where(eq(payouts.doctorId, doctorId));

/** A doctor onboarded: account created through the API, approved by Stripe, told by webhook. */
async function onboarded() {
  const doctor = await newDoctor();
  const link = await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie);
  expect(link.statusCode).toBe(200);
  const [account] = await app.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.doctorId, doctor.doctorId));
  const accountId = account?.stripeAccountId as string;
  await deliver(
    signedStripeEvent(CONNECT_SECRET, 'account.updated', peer.enablePayouts(accountId), {
      account: accountId,
    }),
  );
  return { ...doctor, accountId };
}

describe('Stripe Connect onboarding', () => {
  it('creates one Express account, answers its onboarding link and turns active on account.updated', async () => {
    const doctor = await newDoctor();
    expect((await call('GET', '/api/doctor/payouts/account', doctor.cookie)).json()).toMatchObject({
      provider: 'stripe_connect',
      status: 'not_set_up',
    });
    const first = await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json().url).toMatch(/^https:\/\/connect\.stripe\.example\/setup\//);
    const again = await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie);
    expect(again.statusCode).toBe(200);
    const created = [...peer.accounts.values()].filter(
      (a) => (a.metadata as { doctorId: string }).doctorId === doctor.doctorId,
    );
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      type: 'express',
      country: 'BR',
      settings: { payouts: { schedule: { interval: 'manual' } } },
    });
    const linkRequest = peer.requests.filter((r) => r.path === '/v1/account_links').at(-1);
    expect(linkRequest?.form.return_url).toBe('http://pulsa.test/doctor/profile?setup=complete');
    expect((await call('GET', '/api/doctor/payouts/account', doctor.cookie)).json().status).toBe('pending');

    // The PIX key is not this platform's way.
    const pix = await call('PUT', '/api/doctor/payouts/account/pix', doctor.cookie, {
      type: 'email',
      key: 'a@b.com',
    });
    expect(pix.statusCode).toBe(409);

    const accountId = created[0]?.id as string;
    const event = signedStripeEvent(CONNECT_SECRET, 'account.updated', peer.enablePayouts(accountId), {
      account: accountId,
    });
    const answers = await Promise.all([deliver(event), deliver(event)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect((await call('GET', '/api/doctor/payouts/account', doctor.cookie)).json().status).toBe('active');
    const seen = await app.db
      .select()
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.provider, 'stripe-connect'),
          eq(paymentEvents.eventId, JSON.parse(event.payload).id),
        ),
      );
    expect(seen).toHaveLength(1);
  });

  it('an account approved before its event is read from Stripe when the status is asked', async () => {
    const doctor = await newDoctor();
    await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie);
    const [account] = await app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.doctorId, doctor.doctorId));
    peer.enablePayouts(account?.stripeAccountId as string);
    expect((await call('GET', '/api/doctor/payouts/account', doctor.cookie)).json().status).toBe('active');
  });

  it('refuses unsigned, wrongly signed and stale events, changing nothing', async () => {
    const doctor = await newDoctor();
    await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie);
    const [account] = await app.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.doctorId, doctor.doctorId));
    const accountId = account?.stripeAccountId as string;
    const object = { ...peer.accounts.get(accountId), payouts_enabled: true };
    const forged = signedStripeEvent('whsec_someone_else', 'account.updated', object);
    expect((await deliver(forged)).statusCode).toBe(400);
    const stale = signedStripeEvent(CONNECT_SECRET, 'account.updated', object, {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await deliver(stale)).statusCode).toBe(400);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/api/payouts/webhooks/stripe-connect',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await call('GET', '/api/doctor/payouts/account', doctor.cookie)).json().status).toBe('pending');
  });
});

describe('Stripe Connect payouts', () => {
  it('transfers and pays out the available balance; payout.paid, replayed, marks it paid once', async () => {
    const doctor = await onboarded();
    await completedConsultation(doctor);
    await buildPayouts(app.payouts, { runKey: 'connect-1', at: later() });
    const [row] = await payoutsOf(doctor.doctorId);
    expect(row).toMatchObject({ amount: SHARE, method: 'stripe_connect', status: 'in_transit' });
    const transfer = peer.transfers.get(row?.providerRef as string);
    expect(transfer).toMatchObject({
      amount: SHARE,
      destination: doctor.accountId,
      metadata: { payoutId: row?.id },
    });
    const bank = peer.connectPayouts.filter((p) => p.account === doctor.accountId);
    expect(bank).toMatchObject([{ amount: SHARE, metadata: { payoutId: row?.id } }]);
    // The transfer's idempotency key is our payout's.
    expect(
      peer.requests.find((r) => r.path === '/v1/transfers' && r.form['metadata[payoutId]'] === row?.id)
        ?.idempotencyKey,
    ).toBe(`payout-transfer:${row?.id}`);

    const paid = signedStripeEvent(
      CONNECT_SECRET,
      'payout.paid',
      { ...bank[0], status: 'paid' },
      { account: doctor.accountId },
    );
    await Promise.all([deliver(paid), deliver(paid), deliver(paid)]);
    const [after] = await payoutsOf(doctor.doctorId);
    expect(after?.status).toBe('paid');
    const told = await app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, doctor.id), eq(notifications.type, 'payout.paid')));
    expect(told).toHaveLength(1);
    // A payout of the doctor's own (no id of ours) is not ours.
    const theirs = signedStripeEvent(CONNECT_SECRET, 'payout.failed', {
      id: 'po_theirs',
      object: 'payout',
      metadata: {},
    });
    expect((await deliver(theirs)).statusCode).toBe(200);
    expect((await payoutsOf(doctor.doctorId))[0]?.status).toBe('paid');
  });

  it('payout.failed takes the transfer back and returns the money to the available balance, once', async () => {
    const doctor = await onboarded();
    await completedConsultation(doctor);
    const at = later();
    await buildPayouts(app.payouts, { runKey: 'connect-2', at });
    const [row] = await payoutsOf(doctor.doctorId);
    const bank = peer.connectPayouts.find((p) => p.account === doctor.accountId);
    const failed = signedStripeEvent(
      CONNECT_SECRET,
      'payout.failed',
      {
        ...bank,
        status: 'failed',
        failure_code: 'account_closed',
        failure_message: 'A conta bancária foi encerrada',
      },
      { account: doctor.accountId },
    );
    await deliver(failed);
    await deliver(failed);
    const [after] = await payoutsOf(doctor.doctorId);
    expect(after).toMatchObject({ status: 'failed', failureReason: 'a conta bancária foi encerrada' });
    expect(peer.reversals.filter((r) => r.transfer === row?.providerRef)).toHaveLength(1);
    expect(await doctorBalance(app.db, doctor.doctorId, at)).toMatchObject({ available: SHARE, paidOut: 0 });
  });

  it('a payout event from another connected account changes nothing; the payout’s own account’s does', async () => {
    const doctor = await onboarded();
    const stranger = await onboarded();
    await completedConsultation(doctor);
    await buildPayouts(app.payouts, { runKey: 'connect-4', at: later() });
    const bank = peer.connectPayouts.find((p) => p.account === doctor.accountId);
    // The stranger's account sends a failure naming the doctor's payout (a copied id): refused.
    const forged = signedStripeEvent(
      CONNECT_SECRET,
      'payout.failed',
      { ...bank, id: 'po_forged', status: 'failed', failure_code: 'account_closed' },
      { account: stranger.accountId },
    );
    expect((await deliver(forged)).statusCode).toBe(200);
    expect((await payoutsOf(doctor.doctorId))[0]?.status).toBe('in_transit');
    const paid = signedStripeEvent(
      CONNECT_SECRET,
      'payout.paid',
      { ...bank, status: 'paid' },
      { account: doctor.accountId },
    );
    await deliver(paid);
    expect((await payoutsOf(doctor.doctorId))[0]?.status).toBe('paid');
  });

  it('the configured Stripe endpoint is the Connect client’s too, as the payments client’s', async () => {
    const provider = payoutProviderFor({
      ...app.config,
      stripe: { secretKey: SECRET_KEY, connectWebhookSecret: CONNECT_SECRET },
      stripeEndpoint: { host: '127.0.0.1', port: peer.port, protocol: 'http' },
    });
    expect(provider.method).toBe('stripe_connect');
    const before = peer.requests.length;
    const { accountId } = await (provider as ConnectPayoutProvider).createAccount({
      doctorId: '00000000-0000-4000-8000-000000000001',
      email: 'endpoint@exemplo.com.br',
      idempotencyKey: `endpoint-${Date.now()}`,
    });
    expect(accountId).toMatch(/^acct_/);
    expect(peer.requests.length).toBeGreaterThan(before);
  });

  it('a transfer Stripe refuses fails the payout and leaves the money available', async () => {
    const doctor = await newDoctor();
    await call('POST', '/api/doctor/payouts/account/connect', doctor.cookie);
    // Active on our side, not at Stripe (an account restricted since).
    await app.db
      .update(payoutAccounts)
      .set({ status: 'active' })
      .where(eq(payoutAccounts.doctorId, doctor.doctorId));
    await completedConsultation(doctor);
    const at = later();
    await buildPayouts(app.payouts, { runKey: 'connect-3', at });
    const [row] = await payoutsOf(doctor.doctorId);
    expect(row?.status).toBe('failed');
    expect(row?.failureReason).toBe(TRANSFER_REFUSED);
    expect((await doctorBalance(app.db, doctor.doctorId, at)).available).toBe(SHARE);
  });
});
