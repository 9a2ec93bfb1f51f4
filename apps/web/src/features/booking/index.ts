/**
 * What other features may use of booking: the card forms of the checkout (the test environment's
 * and Stripe's), for any payment by card, and the PIX charge with its QR Code.
 */
export { SANDBOX_TEST_CARDS, SandboxCardForm, type TestCard } from './components/card-payment';
export { PixCharge } from './components/pix-payment';
export { StripeCard } from './components/stripe-card-payment';
