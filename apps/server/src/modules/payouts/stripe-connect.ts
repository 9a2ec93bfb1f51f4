import Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import { manualPixProvider } from './manual-pix.ts';
import {
  type ConnectPayoutProvider,
  type PayoutProvider,
  type PayoutProviderEvent,
  PayoutWebhookSignatureError,
} from './payout-provider.ts';

/** Older signatures are refused, so a captured request cannot be replayed later. */
const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeConnectOptions {
  secretKey: string;
  /** The signing secret of the Connect webhook endpoint (events of connected accounts). */
  webhookSecret: string | undefined;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Stripe's payout failure codes the doctor can act on, in Portuguese; anything else is generic. */
const FAILURE_REASONS: Record<string, string> = {
  account_closed: 'a conta bancária foi encerrada',
  account_frozen: 'a conta bancária está bloqueada',
  bank_account_restricted: 'a conta bancária não aceita este tipo de depósito',
  invalid_account_number: 'o número da conta bancária é inválido',
  no_account: 'a conta bancária não foi encontrada',
  incorrect_account_holder_name: 'o nome do titular não confere com o da conta bancária',
  invalid_currency: 'a conta bancária não aceita reais',
  declined: 'o banco recusou o depósito',
};
export const GENERIC_FAILURE = 'o banco devolveu a transferência';
export const TRANSFER_REFUSED =
  'o Stripe recusou a transferência para a sua conta; confira sua conta no Stripe';

function eventOf(event: Stripe.Event): PayoutProviderEvent | null {
  switch (event.type) {
    case 'account.updated': {
      const account = event.data.object;
      return {
        id: event.id,
        type: 'account',
        accountId: account.id,
        payoutsEnabled: !!account.payouts_enabled,
      };
    }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object;
      // Only the payouts Pulsa created carry our id; the doctor's own (from the Express
      // dashboard) are theirs.
      const payoutId = payout.metadata?.payoutId;
      if (!payoutId) return null;
      // The connected account that sent it: the payout must be of that account's doctor.
      const accountId = event.account ?? null;
      return event.type === 'payout.paid'
        ? { id: event.id, type: 'paid', payoutId, accountId }
        : {
            id: event.id,
            type: 'failed',
            payoutId,
            accountId,
            reason: FAILURE_REASONS[payout.failure_code ?? ''] ?? GENERIC_FAILURE,
          };
    }
    default:
      return null;
  }
}

/**
 * Stripe Connect behind the payout provider: Express accounts onboarded with account links; the
 * connected account's payouts are manual, so each of our payouts is one transfer (platform → account)
 * and one payout (account → bank) carrying our id, and Stripe's `payout.paid`/`payout.failed`
 * tell exactly which of ours arrived. Every call carries an idempotency key made from our id.
 */
export function createStripeConnectProvider(options: StripeConnectOptions): ConnectPayoutProvider {
  const stripe = new Stripe(options.secretKey, {
    host: options.host,
    port: options.port,
    protocol: options.protocol,
  });
  return {
    method: 'stripe_connect',

    async createAccount({ doctorId, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'BR',
          email,
          business_type: 'individual',
          // Brazilian connected accounts take transfers with card payments requested too.
          capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
          settings: { payouts: { schedule: { interval: 'manual' } } },
          metadata: { doctorId },
        },
        { idempotencyKey },
      );
      return { accountId: account.id };
    },

    async onboardingLink({ accountId, returnUrl, refreshUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        return_url: returnUrl,
        refresh_url: refreshUrl,
      });
      return { url: link.url };
    },

    async payoutsEnabled(accountId) {
      const account = await stripe.accounts.retrieve(accountId);
      return !!account.payouts_enabled;
    },

    async send({ payoutId, amount, accountId }) {
      let transfer: Stripe.Transfer;
      try {
        transfer = await stripe.transfers.create(
          {
            amount,
            currency: 'brl',
            destination: accountId,
            transfer_group: `payout:${payoutId}`,
            metadata: { payoutId },
          },
          { idempotencyKey: `payout-transfer:${payoutId}` },
        );
      } catch (error) {
        // A refusal (no balance on the platform, an account that cannot take transfers) moved nothing.
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          return { refused: TRANSFER_REFUSED, detail: error.message };
        throw error;
      }
      try {
        await stripe.payouts.create(
          { amount, currency: 'brl', metadata: { payoutId } },
          { stripeAccount: accountId, idempotencyKey: `payout-bank:${payoutId}` },
        );
      } catch (error) {
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
        // The account would not pay out (its bank details, a restriction): the transfer comes back.
        await stripe.transfers.createReversal(
          transfer.id,
          { metadata: { payoutId } },
          { idempotencyKey: `payout-reversal:${payoutId}` },
        );
        return { refused: TRANSFER_REFUSED, detail: error.message };
      }
      return { reference: transfer.id };
    },

    async reverse({ reference, payoutId }) {
      await stripe.transfers.createReversal(
        reference,
        { metadata: { payoutId } },
        { idempotencyKey: `payout-reversal:${payoutId}` },
      );
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!options.webhookSecret)
        throw new PayoutWebhookSignatureError('no Connect webhook secret configured');
      if (!signatureHeader) throw new PayoutWebhookSignatureError('missing Stripe-Signature header');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          options.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new PayoutWebhookSignatureError(error instanceof Error ? error.message : 'invalid signature', {
          cause: error,
        });
      }
      return eventOf(event);
    },
  };
}

/** Stripe Connect when Stripe is configured; otherwise the team pays by PIX (decision 082). */
export function payoutProviderFor(config: AppConfig): PayoutProvider {
  const { secretKey, connectWebhookSecret } = config.stripe;
  // The same endpoint as the payments client (a local Stripe-shaped server in tests and the demo).
  if (secretKey)
    return createStripeConnectProvider({
      secretKey,
      webhookSecret: connectWebhookSecret,
      ...config.stripeEndpoint,
    });
  return manualPixProvider;
}
