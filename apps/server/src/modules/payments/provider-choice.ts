import type { AppConfig } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** Stripe keys an admin saved and enabled in /admin/settings (modules/settings resolves them). */
export interface SavedStripeKeys {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
}

/**
 * The one rule for which provider takes payments (decision 093): Stripe from the environment when
 * STRIPE_SECRET_KEY is set (it wins over the settings); else Stripe from the admin's settings when
 * they are enabled with their keys; else the built-in test environment, only when the configuration
 * says it runs (config.ts: the default outside production, PAYMENTS_TEST_MODE=true in production).
 * Anything else is refused here too, so no way of building the app falls back to the sandbox, where
 * any patient marks a booking paid.
 */
export function paymentProviderFor(config: AppConfig, saved?: SavedStripeKeys): PaymentProvider {
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  if (secretKey) {
    if (!publishableKey || !webhookSecret)
      throw new Error('Stripe needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY');
    return createStripeProvider({ secretKey, publishableKey, webhookSecret, ...config.stripeEndpoint });
  }
  if (saved) return createStripeProvider({ ...saved, ...config.stripeEndpoint });
  if (config.paymentsTestMode) return createSandboxProvider();
  throw new Error(
    'No payment provider: set STRIPE_SECRET_KEY (with its publishable key and webhook secret), or PAYMENTS_TEST_MODE=true to run the built-in test environment on purpose',
  );
}

/**
 * The provider as the settings stand now, without a restart: rebuilt when the saved keys change
 * (each server follows the settings' announcements, so every instance switches). Tests may put
 * another provider in its place.
 */
export class PaymentProviders {
  private readonly config: AppConfig;
  private readonly saved: () => SavedStripeKeys | undefined;
  private built: { key: string; provider: PaymentProvider } | undefined;
  private replaced: PaymentProvider | undefined;

  constructor(config: AppConfig, saved: () => SavedStripeKeys | undefined) {
    this.config = config;
    this.saved = saved;
    // Fails at start-up, as before, when no provider may run.
    this.current();
  }

  current(): PaymentProvider {
    if (this.replaced) return this.replaced;
    const saved = this.config.stripe.secretKey ? undefined : this.saved();
    const key = saved ? JSON.stringify(saved) : '';
    if (this.built?.key !== key) this.built = { key, provider: paymentProviderFor(this.config, saved) };
    return this.built.provider;
  }

  /** Tests: this provider from now on. */
  replace(provider: PaymentProvider): void {
    this.replaced = provider;
  }
}
