/**
 * Money rules of a booking. Amounts are integer centavos; commissions are basis points
 * (1 bp = 0.01 %, so 2000 bp = 20 %).
 */

// The refund owed on a cancellation is the appointment lifecycle's rule (refundOnCancel).

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
