/**
 * What other features may use of booking: the card forms of the checkout (the test environment's
 * and Stripe's), for any payment by card.
 */
export { SANDBOX_TEST_CARDS, SandboxCardForm, type TestCard } from './components/card-payment';
export { StripeCard } from './components/stripe-card-payment';
