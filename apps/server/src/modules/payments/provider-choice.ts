import type { AppConfig } from '../../config.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox-provider.ts';
import { createStripeProvider } from './stripe-provider.ts';

/** Stripe when its secret key is configured; otherwise the built-in test environment. */
export function paymentProviderFor(config: AppConfig): PaymentProvider {
  const { secretKey, publishableKey, webhookSecret } = config.stripe;
  if (!secretKey) return createSandboxProvider();
  return createStripeProvider({
    secretKey,
    publishableKey: publishableKey ?? '',
    webhookSecret: webhookSecret ?? '',
  });
}
