/**
 * Money rules of a booking. Amounts are integer centavos; commissions are basis points
 * (1 bp = 0.01 %, so 2000 bp = 20 %).
 */

import { FREE_CANCELLATION_HOURS } from '@pulsa/shared/schemas/appointments';

// One source for the web app's "cancel for free until …" and the refund rule below.
export { FREE_CANCELLATION_HOURS };

const HOUR_MS = 3_600_000;

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`amount must be a non-negative integer of centavos, got ${amount}`);
  }
}

function assertCommission(commissionBp: number): void {
  if (!Number.isInteger(commissionBp) || commissionBp < 0 || commissionBp > 10_000) {
    throw new RangeError(`commission must be an integer from 0 to 10000 basis points, got ${commissionBp}`);
  }
}

/** Pulsa's share, rounded half up to the centavo. */
export function platformFee(amount: number, commissionBp: number): number {
  assertAmount(amount);
  assertCommission(commissionBp);
  // Integer arithmetic: amount × bp is exact, so an exact half (e.g. 0.5 centavo) always rounds up,
  // which a floating-point division could get wrong.
  return Math.floor((amount * commissionBp + 5_000) / 10_000);
}

export interface AmountSplit {
  amount: number;
  platformFee: number;
  doctorAmount: number;
}

export function splitAmount(amount: number, commissionBp: number): AmountSplit {
  const fee = platformFee(amount, commissionBp);
  return { amount, platformFee: fee, doctorAmount: amount - fee };
}

export type CanceledBy = 'patient' | 'doctor' | 'admin' | 'system';

/**
 * A patient gets everything back when canceling at least FREE_CANCELLATION_HOURS before the
 * start (exactly that counts), nothing later. When the doctor, an admin or the system cancels,
 * the patient is never the one who pays for it.
 */
export function refundPolicy(input: { startsAt: Date; canceledAt: Date; by: CanceledBy }): {
  refund: 'full' | 'none';
} {
  if (input.by !== 'patient') return { refund: 'full' };
  const startsAt = input.startsAt.getTime();
  const canceledAt = input.canceledAt.getTime();
  if (Number.isNaN(startsAt) || Number.isNaN(canceledAt)) throw new RangeError('invalid date');
  return { refund: canceledAt <= startsAt - FREE_CANCELLATION_HOURS * HOUR_MS ? 'full' : 'none' };
}
