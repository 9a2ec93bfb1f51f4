/**
 * What Stripe.js needs from the page's Content Security Policy (Stripe's security guide): its script,
 * the frames of Elements and 3-D Secure, and its API. Added only when Stripe is the provider, so the
 * test environment's pages keep a policy of this origin alone.
 */
export const STRIPE_CSP = {
  scriptSrc: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frameSrc: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: ['https://api.stripe.com'],
} as const;

export function stripeCsp(enabled: boolean) {
  return enabled ? STRIPE_CSP : { scriptSrc: [], frameSrc: [], connectSrc: [] };
}
