import { createServer } from 'node:net';
import Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PEER_BOLETO_NUMBER, type StripePeer, startStripePeer } from '../../test/stripe-peer.ts';
import {
  type CreateChargeInput,
  type Payer,
  type PaymentProvider,
  WebhookSignatureError,
} from './provider.ts';
import {
  barcodeFromDigitableLine,
  boletoExpiresAfterDays,
  createStripeProvider,
  STRIPE_MESSAGES,
} from './stripe-provider.ts';

const SECRET_KEY = 'sk_test_pulsa_local_peer';
const PUBLISHABLE_KEY = 'pk_test_pulsa_local_peer';
const WEBHOOK_SECRET = 'whsec_pulsa_local_peer';

let peer: StripePeer;
let provider: PaymentProvider;

beforeAll(async () => {
  peer = await startStripePeer({ secretKey: SECRET_KEY });
  provider = createStripeProvider({
    secretKey: SECRET_KEY,
    publishableKey: PUBLISHABLE_KEY,
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: peer.port,
    protocol: 'http',
  });
});
afterAll(() => peer.close());
afterEach(() => {
  vi.useRealTimers();
});

const payer: Payer = {
  name: 'Maria da Silva',
  email: 'maria@example.com',
  cpf: '52998224725',
  address: {
    postalCode: '01310100',
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'apto 42',
    district: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
  },
};
let sequence = 0;
/** A fresh payment each time: the peer, like Stripe, remembers every idempotency key. */
function chargeInput(
  method: CreateChargeInput['method'],
  extra: Partial<CreateChargeInput> = {},
): CreateChargeInput {
  const paymentId = `pay-${method}-${++sequence}`;
  return {
    paymentId,
    amount: 15_000,
    method,
    description: 'Consulta com Dra. Ana Souza em 12/12/2026',
    payer,
    idempotencyKey: `charge:${paymentId}`,
    ...extra,
  };
}

function lastRequest() {
  const request = peer.requests.at(-1);
  if (!request) throw new Error('the peer received nothing');
  return request;
}

const cardError = (code: string, declineCode: string | undefined, intentId: string) => ({
  status: 402,
  body: {
    error: {
      type: 'card_error',
      code,
      ...(declineCode ? { decline_code: declineCode } : {}),
      message: 'Your card was declined.',
      payment_intent: { id: intentId, object: 'payment_intent', status: 'requires_payment_method' },
    },
  },
});

describe('createCharge', () => {
  it('card: a PaymentIntent held for manual capture, left for Elements to confirm', async () => {
    const input = chargeInput('card');
    const charge = await provider.createCharge(input);

    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/payment_intents');
    expect(request.idempotencyKey).toBe(input.idempotencyKey);
    expect(request.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(request.form).toMatchObject({
      amount: '15000',
      currency: 'brl',
      capture_method: 'manual',
      'allowed_payment_method_types[0]': 'card',
      'metadata[paymentId]': input.paymentId,
      description: input.description,
    });
    expect(request.form.confirm).toBeUndefined();

    const intent = peer.intents.get(charge.providerRef);
    expect(charge.providerRef).toMatch(/^pi_/);
    expect(charge).toEqual({
      providerRef: intent?.id,
      state: 'requires_action',
      clientSecret: intent?.client_secret,
      publishableKey: PUBLISHABLE_KEY,
    });
  });

  it('pix: confirmed at once, the QR code payload and its expiry from next_action', async () => {
    const input = chargeInput('pix', { amount: 9_990 });
    const before = Date.now();
    const charge = await provider.createCharge(input);

    const request = lastRequest();
    expect(request.idempotencyKey).toBe(input.idempotencyKey);
    expect(request.form).toMatchObject({
      amount: '9990',
      currency: 'brl',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'pix',
      'payment_method_data[type]': 'pix',
      'payment_method_options[pix][expires_after_seconds]': '900',
      'metadata[paymentId]': input.paymentId,
    });
    expect(request.form.capture_method).toBeUndefined();

    const qr = peer.intents.get(charge.providerRef)?.next_action as {
      pix_display_qr_code: { data: string; expires_at: number };
    };
    expect(charge).toEqual({
      providerRef: charge.providerRef,
      state: 'awaiting_payment',
      pix: {
        payload: qr.pix_display_qr_code.data,
        expiresAt: new Date(qr.pix_display_qr_code.expires_at * 1000),
      },
    });
    const minutes = ((charge.pix?.expiresAt.getTime() ?? 0) - before) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15.1);
  });

  it('boleto: CPF and payer in the payment method, expiry from the due date on the São Paulo calendar', async () => {
    // 22:30 on 10 December in São Paulo, already the 11th in UTC: the due date is 1 day away, not 0.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-11T01:30:00Z'));
    const input = chargeInput('boleto', { dueDate: '2026-12-11' });
    const charge = await provider.createCharge(input);

    const request = lastRequest();
    expect(request.idempotencyKey).toBe(input.idempotencyKey);
    expect(request.form).toMatchObject({
      amount: '15000',
      currency: 'brl',
      confirm: 'true',
      'allowed_payment_method_types[0]': 'boleto',
      'payment_method_data[type]': 'boleto',
      'payment_method_data[boleto][tax_id]': '52998224725',
      'payment_method_data[billing_details][name]': 'Maria da Silva',
      'payment_method_data[billing_details][email]': 'maria@example.com',
      'payment_method_data[billing_details][address][line1]': 'Avenida Paulista, 1000',
      'payment_method_data[billing_details][address][line2]': 'apto 42',
      'payment_method_data[billing_details][address][city]': 'São Paulo',
      'payment_method_data[billing_details][address][state]': 'SP',
      'payment_method_data[billing_details][address][postal_code]': '01310100',
      'payment_method_data[billing_details][address][country]': 'BR',
      'payment_method_options[boleto][expires_after_days]': '1',
      'metadata[paymentId]': input.paymentId,
    });

    expect(charge).toEqual({
      providerRef: charge.providerRef,
      state: 'awaiting_payment',
      boleto: {
        digitableLine: '23793.38128 60007.827136 69790.000009 1 12340000015000',
        barcode: '23791123400000150003381260007827136979000000',
        dueDate: '2026-12-11',
        hostedUrl: `https://payments.stripe.example/boleto/${charge.providerRef}`,
        pdfUrl: `https://payments.stripe.example/boleto/${charge.providerRef}/pdf`,
      },
    });
  });

  it('boleto without a CPF: failed with a message, nothing sent to Stripe', async () => {
    const sent = peer.requests.length;
    const charge = await provider.createCharge(
      chargeInput('boleto', { dueDate: '2026-12-11', payer: { ...payer, cpf: null } }),
    );
    expect(charge).toEqual({
      providerRef: '',
      state: 'failed',
      failureMessage: 'Para pagar com boleto, cadastre seu CPF no seu perfil.',
    });
    expect(peer.requests.length).toBe(sent);
  });

  it('boleto without an address: failed with a message, nothing sent to Stripe', async () => {
    const sent = peer.requests.length;
    const charge = await provider.createCharge(
      chargeInput('boleto', { dueDate: '2026-12-11', payer: { ...payer, address: null } }),
    );
    expect(charge).toEqual({
      providerRef: '',
      state: 'failed',
      failureMessage: 'Informe o endereço de cobrança para pagar com boleto.',
    });
    expect(peer.requests.length).toBe(sent);
  });

  it.each([
    ['card_declined', 'generic_decline', 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.'],
    ['card_declined', undefined, 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.'],
    ['card_declined', 'insufficient_funds', 'Saldo insuficiente.'],
    ['expired_card', undefined, 'Cartão vencido.'],
    ['card_declined', 'stolen_card', 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.'],
  ])('a declined card (%s / %s) is failed with a Portuguese message', async (code, declineCode, message) => {
    const intentId = `pi_declined_${++sequence}`;
    peer.answerNext(cardError(code, declineCode, intentId));
    const charge = await provider.createCharge(chargeInput('card'));
    expect(charge).toEqual({ providerRef: intentId, state: 'failed', failureMessage: message });
  });

  it('an invalid request is failed for the payer (an address Stripe finds incomplete)', async () => {
    peer.answerNext({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'payment_method_billing_details_address_missing',
          message: 'Missing required billing details: address.',
        },
      },
    });
    const charge = await provider.createCharge(chargeInput('boleto', { dueDate: '2026-12-20' }));
    expect(charge).toEqual({
      providerRef: '',
      state: 'failed',
      failureMessage: STRIPE_MESSAGES.boletoNeedsAddress,
    });

    peer.answerNext({
      status: 400,
      body: {
        error: {
          type: 'invalid_request_error',
          code: 'parameter_invalid_integer',
          message: 'Invalid integer',
        },
      },
    });
    const other = await provider.createCharge(chargeInput('pix'));
    expect(other).toEqual({
      providerRef: '',
      state: 'failed',
      failureMessage: 'Não foi possível processar o pagamento. Tente outra forma de pagamento.',
    });
  });

  it('a 5xx is thrown; the retry with the same key creates one PaymentIntent, and a replay returns it', async () => {
    const input = chargeInput('pix');
    peer.answerNext({
      status: 500,
      body: { error: { type: 'api_error', message: 'An unknown error occurred' } },
      headers: { 'stripe-should-retry': 'false' },
    });
    await expect(provider.createCharge(input)).rejects.toBeInstanceOf(Stripe.errors.StripeAPIError);

    const retried = await provider.createCharge(input);
    expect(retried.state).toBe('awaiting_payment');
    const replayed = await provider.createCharge(input);
    expect(replayed.providerRef).toBe(retried.providerRef);

    const sent = peer.requests.filter((r) => r.form['metadata[paymentId]'] === input.paymentId);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([
      input.idempotencyKey,
      input.idempotencyKey,
      input.idempotencyKey,
    ]);
    const created = [...peer.intents.values()].filter(
      (i) => (i.metadata as Record<string, string>).paymentId === input.paymentId,
    );
    expect(created).toHaveLength(1);
  });

  it('a key reused with other parameters is thrown, not shown to the payer as a refusal', async () => {
    const input = chargeInput('card');
    await provider.createCharge(input);
    await expect(provider.createCharge({ ...input, amount: input.amount + 1 })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it('a network failure is thrown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: WEBHOOK_SECRET,
      host: '127.0.0.1',
      port,
      protocol: 'http',
    });
    await expect(unreachable.createCharge(chargeInput('pix'))).rejects.toBeInstanceOf(
      Stripe.errors.StripeConnectionError,
    );
  });
});

describe('boletoExpiresAfterDays', () => {
  it('counts São Paulo calendar days, within what Stripe accepts', () => {
    const noonInSaoPaulo = new Date('2026-12-10T15:00:00Z');
    expect(boletoExpiresAfterDays('2026-12-10', noonInSaoPaulo)).toBe(0);
    expect(boletoExpiresAfterDays('2026-12-14', noonInSaoPaulo)).toBe(4);
    expect(boletoExpiresAfterDays('2027-03-01', noonInSaoPaulo)).toBe(60);
    expect(boletoExpiresAfterDays('2026-12-01', noonInSaoPaulo)).toBe(0);
    // 00:30 on the 11th in UTC is still the 10th in São Paulo.
    expect(boletoExpiresAfterDays('2026-12-11', new Date('2026-12-11T00:30:00Z'))).toBe(1);
  });
});

describe('barcodeFromDigitableLine', () => {
  it('moves the check digit, due factor and value back into the 44-digit barcode', () => {
    const barcode = '23791123400000150003381260007827136979000000';
    expect(barcodeFromDigitableLine(PEER_BOLETO_NUMBER)).toBe(barcode);
    expect(barcodeFromDigitableLine('23793.38128 60007.827136 69790.000009 1 12340000015000')).toBe(barcode);
    expect(barcodeFromDigitableLine('123')).toBe('');
  });
});

describe('capture, cancel and refund', () => {
  it('captures an authorised card with the idempotency key', async () => {
    const { providerRef } = await provider.createCharge(chargeInput('card'));
    peer.authorize(providerRef);
    await provider.capture(providerRef, 'capture:pay-1');

    const request = lastRequest();
    expect(request.path).toBe(`/v1/payment_intents/${providerRef}/capture`);
    expect(request.idempotencyKey).toBe('capture:pay-1');
    expect(peer.intents.get(providerRef)?.status).toBe('succeeded');
  });

  it('a capture Stripe refuses is thrown', async () => {
    const { providerRef } = await provider.createCharge(chargeInput('card'));
    await expect(provider.capture(providerRef, `capture:${providerRef}`)).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('cancels (releases or voids) with the idempotency key', async () => {
    const { providerRef } = await provider.createCharge(chargeInput('card'));
    peer.authorize(providerRef);
    await provider.cancel(providerRef, 'release:pay-2');

    const request = lastRequest();
    expect(request.path).toBe(`/v1/payment_intents/${providerRef}/cancel`);
    expect(request.idempotencyKey).toBe('release:pay-2');
    expect(peer.intents.get(providerRef)?.status).toBe('canceled');
  });

  it('refunds the amount once: a retry with the same key returns the same refund', async () => {
    const { providerRef } = await provider.createCharge(chargeInput('card'));
    peer.authorize(providerRef);
    await provider.capture(providerRef, `capture:${providerRef}`);

    const first = await provider.refund({
      providerRef,
      amount: 15_000,
      idempotencyKey: `refund:${providerRef}`,
    });
    const request = lastRequest();
    expect(request.path).toBe('/v1/refunds');
    expect(request.idempotencyKey).toBe(`refund:${providerRef}`);
    expect(request.form).toEqual({ payment_intent: providerRef, amount: '15000' });
    const refund = peer.refunds.at(-1);
    expect(first).toEqual({ refundRef: refund?.id });
    expect(first.refundRef).toMatch(/^re_/);

    const again = await provider.refund({
      providerRef,
      amount: 15_000,
      idempotencyKey: `refund:${providerRef}`,
    });
    expect(again).toEqual(first);
    expect(peer.refunds.filter((r) => r.payment_intent === providerRef)).toHaveLength(1);
  });
});

describe('parseWebhook', () => {
  let eventSequence = 0;
  const event = (type: string, object: Record<string, unknown>) => ({
    id: `evt_test_${++eventSequence}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    data: { object },
  });
  const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
    Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? WEBHOOK_SECRET,
      ...(options.timestamp ? { timestamp: options.timestamp } : {}),
    });
  const intent = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'payment_intent',
    ...extra,
  });

  it.each([
    [
      'payment_intent.amount_capturable_updated',
      intent('pi_a', { status: 'requires_capture', amount_capturable: 15_000 }),
      { type: 'authorized', providerRef: 'pi_a' },
    ],
    [
      'payment_intent.succeeded',
      intent('pi_b', { status: 'succeeded' }),
      { type: 'paid', providerRef: 'pi_b' },
    ],
    [
      'payment_intent.payment_failed',
      intent('pi_c', {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' },
      }),
      { type: 'failed', providerRef: 'pi_c', failureMessage: 'Saldo insuficiente.' },
    ],
    [
      'payment_intent.payment_failed',
      intent('pi_d', {
        status: 'requires_payment_method',
        last_payment_error: { type: 'card_error', code: 'expired_card' },
      }),
      { type: 'failed', providerRef: 'pi_d', failureMessage: 'Cartão vencido.' },
    ],
    [
      'payment_intent.payment_failed',
      intent('pi_e', { status: 'requires_payment_method', last_payment_error: null }),
      { type: 'failed', providerRef: 'pi_e', failureMessage: STRIPE_MESSAGES.notProcessed },
    ],
    [
      'payment_intent.canceled',
      intent('pi_f', { status: 'canceled' }),
      { type: 'canceled', providerRef: 'pi_f' },
    ],
    [
      'refund.created',
      {
        id: 're_g',
        object: 'refund',
        payment_intent: 'pi_g',
        amount: 15_000,
        status: 'succeeded',
        balance_transaction: 'txn_g',
      },
      {
        type: 'refunded',
        providerRef: 'pi_g',
        refunds: [{ id: 're_g', amount: 15_000, balanceTransaction: 'txn_g' }],
      },
    ],
    [
      'charge.dispute.created',
      {
        id: 'dp_h',
        object: 'dispute',
        payment_intent: 'pi_h',
        amount: 15_000,
        reason: 'fraudulent',
        status: 'needs_response',
      },
      {
        type: 'dispute_opened',
        providerRef: 'pi_h',
        dispute: { id: 'dp_h', amount: 15_000, reason: 'fraudulent' },
      },
    ],
    [
      'charge.dispute.updated',
      {
        id: 'dp_h',
        object: 'dispute',
        payment_intent: 'pi_h',
        amount: 15_000,
        reason: 'fraudulent',
        status: 'under_review',
      },
      {
        type: 'dispute_opened',
        providerRef: 'pi_h',
        dispute: { id: 'dp_h', amount: 15_000, reason: 'fraudulent' },
      },
    ],
    [
      'charge.dispute.closed',
      {
        id: 'dp_i',
        object: 'dispute',
        payment_intent: 'pi_i',
        amount: 500,
        reason: 'general',
        status: 'lost',
      },
      { type: 'dispute_lost', providerRef: 'pi_i', dispute: { id: 'dp_i', amount: 500, reason: 'general' } },
    ],
    [
      'charge.dispute.closed',
      {
        id: 'dp_j',
        object: 'dispute',
        payment_intent: 'pi_j',
        amount: 500,
        reason: 'general',
        status: 'warning_closed',
      },
      { type: 'dispute_won', providerRef: 'pi_j', dispute: { id: 'dp_j', amount: 500, reason: 'general' } },
    ],
    [
      'charge.succeeded',
      { id: 'ch_k', object: 'charge', payment_intent: 'pi_k', captured: true, balance_transaction: 'txn_k' },
      { type: 'fee', providerRef: 'pi_k', balanceTransaction: 'txn_k' },
    ],
  ])('%s is mapped, with Stripe’s event id', (type, object, expected) => {
    const body = event(type, object);
    const payload = JSON.stringify(body);
    expect(provider.parseWebhook(payload, sign(payload))).toEqual({ id: body.id, ...expected });
  });

  it('events Pulsa does not act on give null', () => {
    for (const body of [
      event('payment_intent.created', intent('pi_h')),
      event('charge.succeeded', { id: 'ch_i', object: 'charge', payment_intent: 'pi_i' }),
      event('customer.created', { id: 'cus_j', object: 'customer' }),
      // A charge not captured yet has no fee to read.
      event('charge.updated', {
        id: 'ch_m',
        object: 'charge',
        payment_intent: 'pi_m',
        captured: false,
        balance_transaction: null,
      }),
      // A charge that does not list its refunds: refund.created says each one.
      event('charge.refunded', { id: 'ch_k', object: 'charge', payment_intent: 'pi_k', refunded: true }),
      // A refund that failed gave nothing back.
      event('refund.updated', {
        id: 're_k',
        object: 'refund',
        payment_intent: 'pi_k',
        amount: 1,
        status: 'failed',
      }),
    ]) {
      const payload = JSON.stringify(body);
      expect(provider.parseWebhook(payload, sign(payload))).toBeNull();
    }
  });

  it('accepts a signature up to 300 seconds old and refuses an older one', () => {
    const payload = JSON.stringify(event('payment_intent.succeeded', intent('pi_l')));
    const now = Math.floor(Date.now() / 1000);
    expect(provider.parseWebhook(payload, sign(payload, { timestamp: now - 290 }))?.type).toBe('paid');
    expect(() => provider.parseWebhook(payload, sign(payload, { timestamp: now - 301 }))).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses a wrong secret, a tampered body and a missing header', () => {
    const payload = JSON.stringify(event('payment_intent.succeeded', intent('pi_m')));
    expect(() => provider.parseWebhook(payload, sign(payload, { secret: 'whsec_someone_else' }))).toThrow(
      WebhookSignatureError,
    );
    const header = sign(payload);
    const tampered = payload.replace('"pi_m"', '"pi_other"');
    expect(tampered).not.toBe(payload);
    expect(() => provider.parseWebhook(tampered, header)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(payload, 'garbage')).toThrow(WebhookSignatureError);
  });

  it('without a configured secret every event is refused, even one signed with the empty secret', () => {
    const unconfigured = createStripeProvider({
      secretKey: SECRET_KEY,
      publishableKey: PUBLISHABLE_KEY,
      webhookSecret: '',
    });
    const payload = JSON.stringify(event('payment_intent.succeeded', intent('pi_n')));
    expect(() => unconfigured.parseWebhook(payload, sign(payload, { secret: '' }))).toThrow(
      WebhookSignatureError,
    );
  });
});
