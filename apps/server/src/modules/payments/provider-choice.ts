import type { AppConfig } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/**
 * Stripe when its keys are configured; the built-in test environment only when the configuration
 * says it runs (config.ts: the default outside production, PAYMENTS_TEST_MODE=true in production).
 * Anything else is refused here too, so no way of building the app falls back to the sandbox, where
 * any patient marks a booking paid.
 */
export function paymentProviderFor(config: AppConfig): PaymentProvider {
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  if (secretKey) {
    if (!publishableKey || !webhookSecret)
      throw new Error('Stripe needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET with STRIPE_SECRET_KEY');
    return createStripeProvider({ secretKey, publishableKey, webhookSecret });
  }
  if (config.paymentsTestMode) return createSandboxProvider();
  throw new Error(
    'No payment provider: set STRIPE_SECRET_KEY (with its publishable key and webhook secret), or PAYMENTS_TEST_MODE=true to run the built-in test environment on purpose',
  );
}
