/**
 * Which of a doctor's released shares the payouts covered (decision 084). Payouts carry no payment:
 * they take from the available balance, so they are read as covering the released shares in the
 * order they were released (first in, first out) — paid payouts first, then those in transit.
 */

export type CoveredStatus = 'paid' | 'in_transit' | 'available';

export interface ReleasedShare {
  paymentId: string;
  /** What the payment put into the available balance (≥ 0), in release order. */
  released: number;
}

/**
 * A share counts as covered by a kind of payout only when all of it is: one half paid and half
 * still in the balance reads "Disponível" until the rest is paid out.
 */
export function coverByPayouts(
  shares: readonly ReleasedShare[],
  payouts: { paid: number; inTransit: number },
): Map<string, CoveredStatus> {
  const out = new Map<string, CoveredStatus>();
  const paid = Math.max(payouts.paid, 0);
  const sent = paid + Math.max(payouts.inTransit, 0);
  let cumulative = 0;
  for (const s of shares) {
    cumulative += Math.max(s.released, 0);
    out.set(s.paymentId, cumulative <= paid ? 'paid' : cumulative <= sent ? 'in_transit' : 'available');
  }
  return out;
}
