import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { earningStatus } from './earnings.service.ts';
import { coverByPayouts } from './fifo.ts';

const shares = (...amounts: number[]) => amounts.map((released, i) => ({ paymentId: `p${i}`, released }));

describe('coverByPayouts (first released, first paid out)', () => {
  it('paid payouts cover the oldest shares, in-transit ones the next, the rest is available', () => {
    const m = coverByPayouts(shares(100, 100, 100, 100), { paid: 100, inTransit: 200 });
    expect([...m.values()]).toEqual(['paid', 'in_transit', 'in_transit', 'available']);
  });

  it('a share covered only in part keeps the less advanced status', () => {
    const m = coverByPayouts(shares(100, 100), { paid: 150, inTransit: 0 });
    expect([...m.values()]).toEqual(['paid', 'available']);
    expect([...coverByPayouts(shares(100, 100), { paid: 50, inTransit: 100 }).values()]).toEqual([
      'in_transit',
      'available',
    ]);
  });

  it('with no payouts everything released is available; a share of zero follows its neighbours', () => {
    expect([...coverByPayouts(shares(10, 0, 10), { paid: 0, inTransit: 0 }).values()]).toEqual([
      'available',
      'available',
      'available',
    ]);
    expect([...coverByPayouts(shares(10, 0, 10), { paid: 10, inTransit: 0 }).values()]).toEqual([
      'paid',
      'paid',
      'available',
    ]);
  });

  it('statuses never go back along the release order, and what is paid never exceeds the paid payouts', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 50_000 }), { maxLength: 30 }),
        fc.nat({ max: 500_000 }),
        fc.nat({ max: 500_000 }),
        (amounts, paid, inTransit) => {
          const list = shares(...amounts);
          const m = coverByPayouts(list, { paid, inTransit });
          const rank = { paid: 0, in_transit: 1, available: 2 } as const;
          const ranks = list.map((s) => rank[m.get(s.paymentId) as keyof typeof rank]);
          for (let i = 1; i < ranks.length; i++)
            expect(ranks[i]).toBeGreaterThanOrEqual(ranks[i - 1] as number);
          const paidSum = list
            .filter((s) => m.get(s.paymentId) === 'paid')
            .reduce((t, s) => t + s.released, 0);
          expect(paidSum).toBeLessThanOrEqual(paid);
          const sentSum = list
            .filter((s) => m.get(s.paymentId) !== 'available')
            .reduce((t, s) => t + s.released, 0);
          expect(sentSum).toBeLessThanOrEqual(paid + inTransit);
        },
      ),
    );
  });
});

describe('earningStatus', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const past = new Date('2026-11-20T12:00:00Z');
  const later = new Date('2026-11-30T12:00:00Z');
  it('held until its release is in force, refunded when nothing is left, else as the payouts cover it', () => {
    expect(earningStatus({ gross: 100, net: 90, heldDue: 90, releaseAt: null }, undefined, now)).toBe('held');
    expect(earningStatus({ gross: 100, net: 90, heldDue: 90, releaseAt: later }, undefined, now)).toBe(
      'held',
    );
    expect(earningStatus({ gross: 100, net: 0, heldDue: 0, releaseAt: null }, undefined, now)).toBe(
      'refunded',
    );
    expect(earningStatus({ gross: 100, net: 90, heldDue: 0, releaseAt: past }, 'paid', now)).toBe('paid');
    expect(earningStatus({ gross: 100, net: 90, heldDue: 0, releaseAt: past }, undefined, now)).toBe(
      'available',
    );
  });
});
