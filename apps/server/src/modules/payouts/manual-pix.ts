import type { ManualPayoutProvider } from './payout-provider.ts';

/**
 * Manual PIX (the built-in test environment, and operators without Connect): the software never
 * sends money. A payout is created in transit with the doctor's key as it was; the team makes the
 * transfer in its own bank and records its reference (Repasses), or marks it failed.
 */
export const manualPixProvider: ManualPayoutProvider = { method: 'pix' };
