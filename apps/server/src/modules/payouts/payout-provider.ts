import type { PayoutMethod } from '@pulsa/shared/schemas/payouts';

/**
 * What Pulsa needs to pay doctors (decision 082). Two implementations, chosen by configuration:
 * Stripe Connect (Express accounts; a transfer from the platform's balance, then a payout of the
 * connected account to the doctor's bank) when STRIPE_SECRET_KEY is set, and manual PIX otherwise,
 * where nothing is sent by the software: the team transfers in its bank and records the reference.
 * A Brazilian split provider (Pagar.me recipients, Asaas subaccounts) fits the Connect shape.
 */

export interface PayoutOrder {
  /** Our payout id: idempotency keys and the provider's metadata carry it. */
  payoutId: string;
  amount: number;
  /** The connected account (acct_…). */
  accountId: string;
}

/** A provider's notification about a connected account or a payout, mapped to what it means. */
export type PayoutProviderEvent =
  | { id: string; type: 'account'; accountId: string; payoutsEnabled: boolean }
  /** `accountId`: the connected account the event came from (Stripe's `event.account`). */
  | { id: string; type: 'paid'; payoutId: string; accountId: string | null }
  | { id: string; type: 'failed'; payoutId: string; reason: string; accountId: string | null };

export class PayoutWebhookSignatureError extends Error {}

/** Manual PIX: the team pays; the software only keeps the books. */
export interface ManualPayoutProvider {
  readonly method: 'pix';
}

/** A provider that onboards doctors and moves the money itself. */
export interface ConnectPayoutProvider {
  readonly method: 'stripe_connect';
  createAccount(input: {
    doctorId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<{ accountId: string }>;
  /** A one-time onboarding address (expires after a few minutes). */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<{ url: string }>;
  /** Whether payouts to this account are enabled now. */
  payoutsEnabled(accountId: string): Promise<boolean>;
  /**
   * Transfers to the account and pays it out to the doctor's bank: the transfer's id, or why the
   * provider refused (in Portuguese for the doctor, with the provider's own words for the log;
   * nothing left the platform). Throws when the answer is unknown (network, 5xx):
   * the same call is made again later with the same idempotency keys.
   */
  send(order: PayoutOrder): Promise<{ reference: string } | { refused: string; detail?: string }>;
  /** Takes a transfer back to the platform (its payout to the bank failed). */
  reverse(input: { reference: string; payoutId: string }): Promise<void>;
  /** Checks the signature (throws PayoutWebhookSignatureError) and maps the event; null when not ours. */
  parseWebhook(rawBody: string, signatureHeader: string | undefined): PayoutProviderEvent | null;
}

export type PayoutProvider = ManualPayoutProvider | ConnectPayoutProvider;

export type { PayoutMethod };
