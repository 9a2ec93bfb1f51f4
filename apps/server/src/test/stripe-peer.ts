import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small HTTP server inside the test process that speaks the part of Stripe's API the payment
 * provider uses: form-encoded requests (bracket notation), JSON objects shaped like Stripe's,
 * Stripe's error bodies, and idempotency keys (a key seen before replays its first answer, and a
 * key reused with other parameters is refused). It records every request it receives.
 */

export interface StripePeerRequest {
  method: string;
  path: string;
  /** The decoded form body, keys in Stripe's bracket notation ("metadata[paymentId]"). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export interface StripePeerAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

type Intent = Record<string, unknown> & { id: string; status: string; amount: number };

const errorBody = (type: string, message: string, extra: Record<string, unknown> = {}) => ({
  error: { type, message, ...extra },
});

/** A 47-digit boleto line with valid check digits (Bradesco, R$ 150,00). */
export const PEER_BOLETO_NUMBER = '23793381286000782713669790000009112340000015000';

/** What the peer's balance transactions keep of a charge: 3.99 % + R$ 0,39, Stripe-like. */
export const peerFeeOf = (amount: number) => Math.round(amount * 0.0399) + 39;

export async function startStripePeer(options: { secretKey: string; webhookSecret?: string }) {
  const requests: StripePeerRequest[] = [];
  const intents = new Map<string, Intent>();
  const charges = new Map<string, Record<string, unknown> & { id: string }>();
  const balanceTransactions = new Map<string, { id: string; object: string; amount: number; fee: number }>();
  const refunds: Array<Record<string, unknown> & { id: string }> = [];
  // Connect: Express accounts, their onboarding links, transfers to them and their payouts.
  const accounts = new Map<string, Record<string, unknown> & { id: string; payouts_enabled: boolean }>();
  const transfers = new Map<
    string,
    Record<string, unknown> & { id: string; amount: number; destination: string }
  >();
  const connectPayouts: Array<Record<string, unknown> & { id: string; account: string; amount: number }> = [];
  const reversals: Array<Record<string, unknown> & { id: string; transfer: string }> = [];
  const scripted: StripePeerAnswer[] = [];
  const byKey = new Map<string, { path: string; body: string; answer: StripePeerAnswer }>();
  let counter = 0;
  const nextId = (prefix: string) => `${prefix}_peer${String(++counter).padStart(6, '0')}`;
  const now = () => Math.floor(Date.now() / 1000);

  function createIntent(form: Record<string, string>): StripePeerAnswer {
    const method = form['allowed_payment_method_types[0]'] ?? 'card';
    const confirm = form.confirm === 'true';
    const id = nextId('pi');
    const intent: Intent = {
      id,
      object: 'payment_intent',
      amount: Number(form.amount),
      amount_capturable: 0,
      amount_received: 0,
      currency: form.currency,
      capture_method: form.capture_method ?? 'automatic_async',
      client_secret: `${id}_secret_${counter}`,
      confirmation_method: 'automatic',
      created: now(),
      description: form.description ?? null,
      last_payment_error: null,
      livemode: false,
      metadata: Object.fromEntries(
        Object.entries(form)
          .filter(([k]) => k.startsWith('metadata['))
          .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
      ),
      next_action: null,
      payment_method_types: [method],
      status: 'requires_payment_method',
    };
    if (confirm && method === 'pix') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'pix_display_qr_code',
        pix_display_qr_code: {
          data: `00020101021226880014br.gov.bcb.pix2566qr.stripe.example/pix/${id}5204000053039865802BR6304ABCD`,
          expires_at: now() + Number(form['payment_method_options[pix][expires_after_seconds]'] ?? 14_400),
          hosted_instructions_url: `https://payments.stripe.example/pix/${id}`,
        },
      };
    } else if (confirm && method === 'boleto') {
      intent.status = 'requires_action';
      intent.next_action = {
        type: 'boleto_display_details',
        boleto_display_details: {
          number: PEER_BOLETO_NUMBER,
          expires_at:
            now() + 86_400 * Number(form['payment_method_options[boleto][expires_after_days]'] ?? 3),
          hosted_voucher_url: `https://payments.stripe.example/boleto/${id}`,
          pdf: `https://payments.stripe.example/boleto/${id}/pdf`,
        },
      };
    }
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  /** The money arrived: a charge settled into the balance with its fee, as Stripe makes one. */
  function settle(intent: Intent) {
    const bt = {
      id: nextId('txn'),
      object: 'balance_transaction',
      amount: intent.amount,
      fee: peerFeeOf(intent.amount),
    };
    balanceTransactions.set(bt.id, bt);
    const charge = {
      id: nextId('ch'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: intent.amount,
      captured: true,
      paid: true,
      refunded: false,
      currency: intent.currency,
      payment_intent: intent.id,
      balance_transaction: bt.id,
      status: 'succeeded',
      created: now(),
    };
    charges.set(charge.id, charge);
    Object.assign(intent, { latest_charge: charge.id });
    return charge;
  }

  const metadataOf = (form: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(form)
        .filter(([k]) => k.startsWith('metadata['))
        .map(([k, v]) => [k.slice('metadata['.length, -1), v]),
    );
  const missing = (what: string): StripePeerAnswer => ({
    status: 404,
    body: errorBody('invalid_request_error', `No such ${what}`, { code: 'resource_missing' }),
  });

  function connectRoute(
    method: string,
    path: string,
    form: Record<string, string>,
    stripeAccount: string | undefined,
  ): StripePeerAnswer | undefined {
    if (method === 'POST' && path === '/v1/accounts') {
      const account = {
        id: nextId('acct'),
        object: 'account',
        type: form.type,
        country: form.country,
        email: form.email ?? null,
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        metadata: metadataOf(form),
        settings: { payouts: { schedule: { interval: form['settings[payouts][schedule][interval]'] } } },
      };
      accounts.set(account.id, account);
      return { status: 200, body: account };
    }
    const accountPath = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && accountPath) {
      const account = accounts.get(accountPath[1] as string);
      return account ? { status: 200, body: account } : missing('account');
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(form.account ?? '')) return missing('account');
      return {
        status: 200,
        body: {
          object: 'account_link',
          url: `https://connect.stripe.example/setup/e/${form.account}/${++counter}`,
          created: now(),
          expires_at: now() + 300,
          return_url: form.return_url,
          refresh_url: form.refresh_url,
        },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      const account = accounts.get(form.destination ?? '');
      if (!account) return missing('destination');
      if (!account.payouts_enabled)
        return {
          status: 400,
          body: errorBody(
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers',
          ),
        };
      const transfer = {
        id: nextId('tr'),
        object: 'transfer',
        amount: Number(form.amount),
        currency: form.currency,
        destination: account.id,
        transfer_group: form.transfer_group ?? null,
        metadata: metadataOf(form),
        reversed: false,
        created: now(),
      };
      transfers.set(transfer.id, transfer);
      return { status: 200, body: transfer };
    }
    const reversal = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversal) {
      const transfer = transfers.get(reversal[1] as string);
      if (!transfer) return missing('transfer');
      transfer.reversed = true;
      const row = {
        id: nextId('trr'),
        object: 'transfer_reversal',
        transfer: transfer.id,
        amount: transfer.amount,
        metadata: metadataOf(form),
      };
      reversals.push(row);
      return { status: 200, body: row };
    }
    if (method === 'POST' && path === '/v1/payouts') {
      if (!stripeAccount || !accounts.has(stripeAccount)) return missing('account');
      const payout = {
        id: nextId('po'),
        object: 'payout',
        account: stripeAccount,
        amount: Number(form.amount),
        currency: form.currency,
        status: 'pending',
        metadata: metadataOf(form),
        failure_code: null,
        failure_message: null,
        created: now(),
      };
      connectPayouts.push(payout);
      return { status: 200, body: payout };
    }
    return undefined;
  }

  function route(
    method: string,
    path: string,
    form: Record<string, string>,
    stripeAccount?: string,
  ): StripePeerAnswer {
    const connect = connectRoute(method, path, form, stripeAccount);
    if (connect) return connect;
    if (method === 'POST' && path === '/v1/payment_intents') return createIntent(form);
    // The settings' "Testar conexão" reads the balance: the cheapest call a secret key can make.
    if (method === 'GET' && path === '/v1/balance')
      return {
        status: 200,
        body: {
          object: 'balance',
          available: [{ amount: 0, currency: 'brl' }],
          pending: [],
          livemode: false,
        },
      };
    const bt = /^\/v1\/balance_transactions\/([^/]+)$/.exec(path);
    if (method === 'GET' && bt) {
      const found = balanceTransactions.get(bt[1] as string);
      return found
        ? { status: 200, body: found }
        : {
            status: 404,
            body: errorBody('invalid_request_error', 'No such balance transaction', {
              code: 'resource_missing',
            }),
          };
    }
    const action = /^\/v1\/payment_intents\/([^/]+)\/(capture|cancel)$/.exec(path);
    if (method === 'POST' && action) {
      const intent = intents.get(action[1] as string);
      if (!intent)
        return {
          status: 404,
          body: errorBody('invalid_request_error', 'No such payment_intent', { code: 'resource_missing' }),
        };
      if (action[2] === 'capture') {
        if (intent.status !== 'requires_capture')
          return {
            status: 400,
            body: errorBody(
              'invalid_request_error',
              `This PaymentIntent could not be captured because it has a status of ${intent.status}.`,
              {
                code: 'payment_intent_unexpected_state',
                payment_intent: intent,
              },
            ),
          };
        Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, amount_capturable: 0 });
        settle(intent);
      } else {
        if (intent.status === 'succeeded' || intent.status === 'canceled')
          return {
            status: 400,
            body: errorBody(
              'invalid_request_error',
              `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
              {
                code: 'payment_intent_unexpected_state',
              },
            ),
          };
        Object.assign(intent, { status: 'canceled', canceled_at: now(), amount_capturable: 0 });
      }
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent)
        return {
          status: 404,
          body: errorBody('invalid_request_error', 'No such payment_intent', { code: 'resource_missing' }),
        };
      const refund = {
        id: nextId('re'),
        object: 'refund',
        amount: form.amount ? Number(form.amount) : intent.amount,
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        created: now(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    return {
      status: 404,
      body: errorBody('invalid_request_error', `Unrecognized request URL (${method}: ${path}).`),
    };
  }

  const readBody = (req: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      req.on('error', reject);
    });

  const server = createServer(async (req, res) => {
    const body = await readBody(req);
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0] as string;
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    const authorization = req.headers.authorization;
    const stripeAccount = req.headers['stripe-account'] as string | undefined;
    const form = Object.fromEntries(new URLSearchParams(body));
    requests.push({ method, path, form, idempotencyKey, authorization });

    let answer: StripePeerAnswer;
    const seen = idempotencyKey ? byKey.get(idempotencyKey) : undefined;
    if (authorization !== `Bearer ${options.secretKey}`) {
      answer = { status: 401, body: errorBody('invalid_request_error', 'Invalid API Key provided') };
    } else if (seen && (seen.path !== path || seen.body !== body)) {
      answer = {
        status: 400,
        body: errorBody(
          'idempotency_error',
          'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        ),
      };
    } else if (seen) {
      answer = { ...seen.answer, headers: { ...seen.answer.headers, 'idempotent-replayed': 'true' } };
    } else {
      answer = scripted.shift() ?? route(method, path, form, stripeAccount);
      // A 5xx here stands for a failure before the request ran, which Stripe does not keep under
      // the key: a retry runs it again.
      if (idempotencyKey && answer.status < 500) byKey.set(idempotencyKey, { path, body, answer });
    }
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': `req_${counter}`,
      ...answer.headers,
    });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    requests,
    intents,
    refunds,
    /** The next request not replayed from its key gets this answer instead of the normal one. */
    answerNext(answer: StripePeerAnswer) {
      scripted.push(answer);
    },
    accounts,
    transfers,
    connectPayouts,
    reversals,
    /** Stands for the doctor finishing onboarding and Stripe approving the account. */
    enablePayouts(accountId: string) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`no account ${accountId}`);
      Object.assign(account, { payouts_enabled: true, charges_enabled: true, details_submitted: true });
      return account;
    },
    /** Stands for the browser confirming a card with Elements: the money is held, ready to capture. */
    authorize(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      Object.assign(intent, { status: 'requires_capture', amount_capturable: intent.amount });
    },
    charges,
    balanceTransactions,
    /** Stands for the payer's bank paying a PIX or boleto: succeeded, with its charge and fee. */
    pay(intentId: string) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, next_action: null });
      return settle(intent);
    },
    /** The intent's settled charge. */
    chargeOf(intentId: string) {
      const id = intents.get(intentId)?.latest_charge as string | undefined;
      const charge = id ? charges.get(id) : undefined;
      if (!charge) throw new Error(`no charge for ${intentId}`);
      return charge;
    },
    /** A dispute object of the intent's charge, shaped like Stripe's. */
    dispute(
      intentId: string,
      fields: { id?: string; amount?: number; reason?: string; status?: string } = {},
    ) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      return {
        id: fields.id ?? nextId('dp'),
        object: 'dispute',
        amount: fields.amount ?? intent.amount,
        currency: intent.currency,
        charge: intent.latest_charge ?? null,
        payment_intent: intent.id,
        reason: fields.reason ?? 'fraudulent',
        status: fields.status ?? 'needs_response',
        created: now(),
      };
    },
    /** A webhook event as Stripe sends it: the body and its Stripe-Signature header, signed with the secret. */
    event(id: string, type: string, object: Record<string, unknown>) {
      if (!options.webhookSecret) throw new Error('the peer was started without a webhook secret');
      const body = JSON.stringify({ id, object: 'event', type, data: { object }, created: now() });
      return {
        body,
        signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret: options.webhookSecret }),
      };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;

/**
 * A webhook delivery as Stripe signs it: the event's JSON and its Stripe-Signature header
 * (`t=<seconds>,v1=<HMAC-SHA256 of "t.payload">`). `account` marks an event of a connected account.
 */
export function signedStripeEvent(
  secret: string,
  type: string,
  object: Record<string, unknown>,
  options: { id?: string; account?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id: options.id ?? `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    type,
    ...(options.account ? { account: options.account } : {}),
    data: { object },
  });
  const t = options.timestamp ?? Math.floor(Date.now() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
  return { payload, signature: `t=${t},v1=${v1}` };
}
