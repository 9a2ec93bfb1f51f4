import type { PaymentMethod } from '@pulsa/shared/constants/statuses';
import type { BillingAddress } from '@pulsa/shared/schemas/appointments';

/**
 * What Pulsa needs from a payment provider. Two implementations, chosen by configuration: the
 * built-in sandbox (no keys) and Stripe (STRIPE_SECRET_KEY). Amounts are integer centavos (BRL).
 * Every call that changes money carries an idempotency key, so a retry never charges twice.
 */

export interface Payer {
  name: string;
  email: string;
  /** Digits only; boleto needs it. */
  cpf: string | null;
  /** Boleto needs it too (booking asks for it). */
  address: BillingAddress | null;
}

export interface CreateChargeInput {
  /** Our payment id; the provider keeps it as metadata to find the payment again. */
  paymentId: string;
  amount: number;
  method: PaymentMethod;
  /** Shown on the statement / boleto, e.g. "Consulta com Dra. Ana Souza em 12/12/2026". */
  description: string;
  payer: Payer;
  /** Boleto only: its due date, "yyyy-MM-dd". */
  dueDate?: string;
  /** Sandbox only: the test card typed in its checkout. Stripe collects cards with Elements. */
  card?: { number: string };
  idempotencyKey: string;
}

/**
 * - requires_action: the payer must still do something (3-D Secure, Stripe Elements confirmation);
 * - authorized: card held, to be captured when the doctor accepts;
 * - awaiting_payment: PIX or boleto issued, not paid yet;
 * - paid: money received; failed: declined or refused.
 */
export type ChargeState = 'requires_action' | 'authorized' | 'awaiting_payment' | 'paid' | 'failed';

export interface Charge {
  providerRef: string;
  state: ChargeState;
  /** Stripe: the PaymentIntent's client secret, for Elements in the browser. */
  clientSecret?: string;
  /** Stripe: the publishable key of the account that owns the PaymentIntent (Elements needs both). */
  publishableKey?: string;
  pix?: { payload: string; expiresAt: Date };
  boleto?: { digitableLine: string; barcode: string; dueDate: string; hostedUrl?: string; pdfUrl?: string };
  /** Portuguese, for the payer, when state is failed. */
  failureMessage?: string;
}

export type ProviderEventType =
  | 'authorized'
  | 'paid'
  | 'failed'
  | 'canceled'
  | 'refunded'
  /** A card dispute opened (or changed while open): the networks took the amount. */
  | 'dispute_opened'
  | 'dispute_won'
  | 'dispute_lost'
  /** The charge settled into the balance with the provider's fee: `balanceTransaction` names it. */
  | 'fee';

/** A provider's notification, mapped to what it means for our payment. */
export interface ProviderEvent {
  /** Unique per provider (Stripe's evt_… id); an event is applied once, whatever the order. */
  id: string;
  type: ProviderEventType;
  providerRef: string;
  failureMessage?: string;
  /** Dispute events: the provider's dispute (its id keys the ledger, so a replay moves nothing). */
  dispute?: { id: string; amount: number; reason: string | null };
  /** Fee events: the balance transaction whose fee the provider kept. */
  balanceTransaction?: string;
  /** Fee events: the fee in centavos, read from the provider before the event is applied. */
  feeAmount?: number;
  /**
   * Refund events: the provider's refunds of the payment (its refund id keys our refund row, so a
   * refund we made, or one seen before, is never counted twice), with the balance transaction whose
   * fee the provider kept on it, and that fee once read.
   */
  refunds?: Array<{ id: string; amount: number; balanceTransaction?: string; fee?: number }>;
}

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly name: 'sandbox' | 'stripe';
  createCharge(input: CreateChargeInput): Promise<Charge>;
  /** Takes the money of an authorised card. */
  capture(providerRef: string, idempotencyKey: string): Promise<void>;
  /** Releases an authorisation not captured, or voids an unpaid PIX or boleto. */
  cancel(providerRef: string, idempotencyKey: string): Promise<void>;
  refund(input: {
    providerRef: string;
    amount: number;
    idempotencyKey: string;
  }): Promise<{ refundRef: string }>;
  /**
   * What the provider kept of a settled charge (its balance transaction's fee), in centavos; null
   * when it keeps nothing Pulsa can read (the built-in sandbox moves no money).
   */
  feeOf(balanceTransaction: string): Promise<number | null>;
  /**
   * Checks the signature (throws WebhookSignatureError when it does not match or is too old) and
   * maps the event; null for events Pulsa does not act on.
   */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent | null;
}
