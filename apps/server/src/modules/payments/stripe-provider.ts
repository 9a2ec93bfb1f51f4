import Stripe from 'stripe';
import { localDateOf } from '../doctors/slots.ts';
import {
  type Charge,
  type CreateChargeInput,
  type PaymentProvider,
  type ProviderEvent,
  WebhookSignatureError,
} from './provider.ts';

/**
 * Stripe behind Pulsa's PaymentProvider (decision 061). Cards are authorised in the browser with
 * Elements and captured when the doctor accepts; PIX and boleto are confirmed here, so their QR code
 * or line comes back at once. Every call that moves money carries the caller's idempotency key.
 */

export interface StripeProviderOptions {
  secretKey: string;
  /** The same account's pk_… key: the browser confirms card PaymentIntents with it. */
  publishableKey: string;
  webhookSecret: string;
  /** Tests point the client to a local server. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

export const STRIPE_MESSAGES = {
  declined: 'Cartão recusado. Tente outro cartão ou outra forma de pagamento.',
  insufficientFunds: 'Saldo insuficiente.',
  expiredCard: 'Cartão vencido.',
  incorrectCvc: 'Código de segurança incorreto. Confira os dados do cartão.',
  incorrectNumber: 'Número do cartão inválido. Confira os dados do cartão.',
  processingError: 'Não foi possível processar o cartão agora. Tente novamente em instantes.',
  notProcessed: 'Não foi possível processar o pagamento. Tente outra forma de pagamento.',
  boletoNeedsCpf: 'Para pagar com boleto, cadastre seu CPF no seu perfil.',
  boletoNeedsAddress: 'Informe o endereço de cobrança para pagar com boleto.',
} as const;

/** Stripe's decline and error codes the payer can act on; any other card refusal is "recusado". */
const CODE_MESSAGES: Record<string, string> = {
  generic_decline: STRIPE_MESSAGES.declined,
  card_declined: STRIPE_MESSAGES.declined,
  insufficient_funds: STRIPE_MESSAGES.insufficientFunds,
  expired_card: STRIPE_MESSAGES.expiredCard,
  incorrect_cvc: STRIPE_MESSAGES.incorrectCvc,
  invalid_cvc: STRIPE_MESSAGES.incorrectCvc,
  incorrect_number: STRIPE_MESSAGES.incorrectNumber,
  invalid_number: STRIPE_MESSAGES.incorrectNumber,
  processing_error: STRIPE_MESSAGES.processingError,
  payment_method_billing_details_address_missing: STRIPE_MESSAGES.boletoNeedsAddress,
};

/** The payer's message for a Stripe error: the decline code says more than the error code. */
export function failureMessageOf(error: {
  code?: string | null;
  declineCode?: string | null;
  isCard: boolean;
}) {
  const known = CODE_MESSAGES[error.declineCode ?? ''] ?? CODE_MESSAGES[error.code ?? ''];
  return known ?? (error.isCard ? STRIPE_MESSAGES.declined : STRIPE_MESSAGES.notProcessed);
}

/** Older signatures are refused, so a captured request cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
const PIX_EXPIRES_AFTER_SECONDS = 900;
const BOLETO_ZONE = 'America/Sao_Paulo';
/** Stripe accepts 0 to 60 days for a boleto. */
const BOLETO_MAX_DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * Calendar days from today (São Paulo) to the due date: Stripe's boleto expires at 23:59 São Paulo
 * time that many days after it is issued, which is the end of the due date.
 */
export function boletoExpiresAfterDays(dueDate: string, now: Date): number {
  const today = localDateOf(now, BOLETO_ZONE);
  const days = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  return Math.min(Math.max(days, 0), BOLETO_MAX_DAYS);
}

/**
 * The 44-digit barcode behind a 47-digit digitable line (linha digitável): the line is the barcode
 * with the general check digit and the due factor and value moved to the end, and a check digit
 * after each of its first three fields. Empty when the line has another shape.
 */
export function barcodeFromDigitableLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return '';
  return (
    d.slice(0, 4) + d.slice(32, 33) + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31)
  );
}

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE", as printed on boletos. */
export function formatDigitableLine(line: string): string {
  const d = line.replace(/\D/g, '');
  if (d.length !== 47) return line;
  return `${d.slice(0, 5)}.${d.slice(5, 10)} ${d.slice(10, 15)}.${d.slice(15, 21)} ${d.slice(21, 26)}.${d.slice(26, 32)} ${d.slice(32, 33)} ${d.slice(33)}`;
}

function intentParams(input: CreateChargeInput): Stripe.PaymentIntentCreateParams {
  const base = {
    amount: input.amount,
    currency: 'brl',
    description: input.description,
    metadata: { paymentId: input.paymentId },
  };
  switch (input.method) {
    case 'card':
      // Not confirmed here: Elements confirms in the browser, and manual capture holds the money
      // until the doctor accepts.
      return { ...base, allowed_payment_method_types: ['card'], capture_method: 'manual' };
    case 'pix':
      return {
        ...base,
        allowed_payment_method_types: ['pix'],
        payment_method_data: { type: 'pix' },
        payment_method_options: { pix: { expires_after_seconds: PIX_EXPIRES_AFTER_SECONDS } },
        confirm: true,
      };
    case 'boleto': {
      const { cpf, address } = input.payer;
      if (!input.dueDate || !cpf || !address)
        throw new Error('boleto needs a due date, a CPF and an address');
      return {
        ...base,
        allowed_payment_method_types: ['boleto'],
        payment_method_data: {
          type: 'boleto',
          boleto: { tax_id: cpf },
          // Stripe wants the payer's full address for a boleto, as the bank registers it.
          billing_details: {
            name: input.payer.name,
            email: input.payer.email,
            address: {
              line1: `${address.street}, ${address.number}`,
              ...(address.complement ? { line2: address.complement } : {}),
              city: address.city,
              state: address.state,
              postal_code: address.postalCode,
              country: 'BR',
            },
          },
        },
        payment_method_options: {
          boleto: { expires_after_days: boletoExpiresAfterDays(input.dueDate, new Date()) },
        },
        confirm: true,
      };
    }
  }
}

function chargeOf(intent: Stripe.PaymentIntent, input: CreateChargeInput, publishableKey: string): Charge {
  const providerRef = intent.id;
  if (intent.status === 'requires_capture') return { providerRef, state: 'authorized' };
  if (intent.status === 'succeeded') return { providerRef, state: 'paid' };
  if (intent.status === 'canceled')
    return { providerRef, state: 'failed', failureMessage: STRIPE_MESSAGES.notProcessed };
  const lastError = intent.last_payment_error;
  if (lastError && intent.status === 'requires_payment_method')
    return {
      providerRef,
      state: 'failed',
      failureMessage: failureMessageOf({
        code: lastError.code,
        declineCode: lastError.decline_code,
        isCard: lastError.type === 'card_error',
      }),
    };
  if (input.method === 'card') {
    if (!intent.client_secret) throw new Error(`PaymentIntent ${intent.id} came without a client secret`);
    return { providerRef, state: 'requires_action', clientSecret: intent.client_secret, publishableKey };
  }
  const pix = intent.next_action?.pix_display_qr_code;
  if (input.method === 'pix' && pix?.data) {
    const expiresAt = pix.expires_at
      ? new Date(pix.expires_at * 1000)
      : new Date(Date.now() + PIX_EXPIRES_AFTER_SECONDS * 1000);
    return { providerRef, state: 'awaiting_payment', pix: { payload: pix.data, expiresAt } };
  }
  const boleto = intent.next_action?.boleto_display_details;
  if (input.method === 'boleto' && boleto?.number && input.dueDate)
    return {
      providerRef,
      state: 'awaiting_payment',
      boleto: {
        digitableLine: formatDigitableLine(boleto.number),
        barcode: barcodeFromDigitableLine(boleto.number),
        dueDate: input.dueDate,
        ...(boleto.hosted_voucher_url ? { hostedUrl: boleto.hosted_voucher_url } : {}),
        ...(boleto.pdf ? { pdfUrl: boleto.pdf } : {}),
      },
    };
  if (intent.status === 'processing') return { providerRef, state: 'awaiting_payment' };
  throw new Error(
    `PaymentIntent ${intent.id} (${input.method}) in status ${intent.status} has nothing to show`,
  );
}

/** An expandable field's id, whether Stripe sent the id or the object. */
const idOf = (field: string | { id: string } | null | undefined) =>
  typeof field === 'string' ? field : (field?.id ?? undefined);

function eventOf(event: Stripe.Event): ProviderEvent | null {
  switch (event.type) {
    case 'payment_intent.amount_capturable_updated':
      return { id: event.id, type: 'authorized', providerRef: event.data.object.id };
    case 'payment_intent.succeeded':
      return { id: event.id, type: 'paid', providerRef: event.data.object.id };
    case 'payment_intent.payment_failed': {
      const intent = event.data.object;
      const lastError = intent.last_payment_error;
      return {
        id: event.id,
        type: 'failed',
        providerRef: intent.id,
        failureMessage: failureMessageOf({
          code: lastError?.code,
          declineCode: lastError?.decline_code,
          isCard: lastError?.type === 'card_error',
        }),
      };
    }
    case 'payment_intent.canceled':
      return { id: event.id, type: 'canceled', providerRef: event.data.object.id };
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed': {
      const dispute = event.data.object;
      const providerRef = idOf(dispute.payment_intent);
      if (!providerRef) return null;
      const type =
        event.type !== 'charge.dispute.closed'
          ? 'dispute_opened'
          : dispute.status === 'lost'
            ? 'dispute_lost'
            : // won, or an inquiry closed with a warning: the money was never lost.
              'dispute_won';
      return {
        id: event.id,
        type,
        providerRef,
        dispute: { id: dispute.id, amount: dispute.amount, reason: dispute.reason ?? null },
      };
    }
    case 'charge.succeeded':
    case 'charge.updated': {
      // The fee is known once the charge has its balance transaction (card: at capture; PIX and
      // boleto: when paid). Its id keys the ledger, so both events post the fee once.
      const charge = event.data.object;
      const providerRef = idOf(charge.payment_intent);
      const balanceTransaction = idOf(charge.balance_transaction);
      if (!providerRef || !balanceTransaction || !charge.captured) return null;
      return { id: event.id, type: 'fee', providerRef, balanceTransaction };
    }
    case 'refund.created':
    case 'refund.updated': {
      // A refund made anywhere, our own or in Stripe's dashboard (whole or part): its id keys it.
      const refund = event.data.object;
      const providerRef = idOf(refund.payment_intent);
      if (!providerRef || (refund.status !== 'succeeded' && refund.status !== 'pending')) return null;
      const balanceTransaction = idOf(refund.balance_transaction);
      return {
        id: event.id,
        type: 'refunded',
        providerRef,
        refunds: [
          { id: refund.id, amount: refund.amount, ...(balanceTransaction ? { balanceTransaction } : {}) },
        ],
      };
    }
    case 'charge.refunded': {
      // The charge lists its refunds only when expanded (older API versions): those it lists are
      // recorded like refund.created's; otherwise refund.created says each one.
      const charge = event.data.object;
      const providerRef = idOf(charge.payment_intent);
      const listed = (charge.refunds?.data ?? []).filter(
        (r) => r.status === 'succeeded' || r.status === 'pending',
      );
      if (!providerRef || listed.length === 0) return null;
      return {
        id: event.id,
        type: 'refunded',
        providerRef,
        refunds: listed.map((r) => {
          const balanceTransaction = idOf(r.balance_transaction);
          return { id: r.id, amount: r.amount, ...(balanceTransaction ? { balanceTransaction } : {}) };
        }),
      };
    }
    default:
      return null;
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
  });

  return {
    name: 'stripe',

    async createCharge(input) {
      if (input.method === 'boleto' && !input.payer.cpf)
        return { providerRef: '', state: 'failed', failureMessage: STRIPE_MESSAGES.boletoNeedsCpf };
      if (input.method === 'boleto' && !input.payer.address)
        return { providerRef: '', state: 'failed', failureMessage: STRIPE_MESSAGES.boletoNeedsAddress };
      try {
        const intent = await stripe.paymentIntents.create(intentParams(input), {
          idempotencyKey: input.idempotencyKey,
        });
        return chargeOf(intent, input, options.publishableKey);
      } catch (error) {
        // A refusal is an answer for the payer; a network error or a 5xx is thrown so the caller
        // retries with the same key (Stripe then answers what it answered the first time).
        const isCard = error instanceof Stripe.errors.StripeCardError;
        if (isCard || error instanceof Stripe.errors.StripeInvalidRequestError)
          return {
            providerRef: error.payment_intent?.id ?? '',
            state: 'failed',
            failureMessage: failureMessageOf({ code: error.code, declineCode: error.decline_code, isCard }),
          };
        throw error;
      }
    },

    async capture(providerRef, idempotencyKey) {
      await stripe.paymentIntents.capture(providerRef, {}, { idempotencyKey });
    },

    async cancel(providerRef, idempotencyKey) {
      await stripe.paymentIntents.cancel(providerRef, {}, { idempotencyKey });
    },

    async refund({ providerRef, amount, idempotencyKey }) {
      const refund = await stripe.refunds.create({ payment_intent: providerRef, amount }, { idempotencyKey });
      return { refundRef: refund.id };
    },

    async feeOf(balanceTransaction) {
      const txn = await stripe.balanceTransactions.retrieve(balanceTransaction);
      return txn.fee;
    },

    parseWebhook(rawBody, signatureHeader) {
      // Without a secret anyone could sign with the empty string: refuse everything instead.
      if (!options.webhookSecret) throw new WebhookSignatureError('no webhook secret configured');
      if (!signatureHeader) throw new WebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'invalid signature', {
          cause: error,
        });
      }
      return eventOf(event);
    },
  };
}
