import { describe, expect, it } from 'vitest';
import { platformFee, splitAmount } from './money.ts';

describe('platformFee', () => {
  it('rounds to the nearest centavo, exact halves up', () => {
    expect(platformFee(15_050, 1_000)).toBe(1_505);
    expect(platformFee(333, 1_050)).toBe(35); // 34.965
    expect(platformFee(5, 1_000)).toBe(1); // 0.5
    expect(platformFee(15, 1_000)).toBe(2); // 1.5
    expect(platformFee(4, 1_000)).toBe(0); // 0.4
    expect(platformFee(14, 1_000)).toBe(1); // 1.4
    expect(platformFee(20_000, 2_000)).toBe(4_000);
  });

  it('handles no commission and the whole amount', () => {
    expect(platformFee(12_345, 0)).toBe(0);
    expect(platformFee(12_345, 10_000)).toBe(12_345);
    expect(platformFee(0, 2_000)).toBe(0);
  });

  it('refuses amounts and commissions out of range', () => {
    expect(() => platformFee(-1, 1_000)).toThrow(RangeError);
    expect(() => platformFee(10.5, 1_000)).toThrow(RangeError);
    expect(() => platformFee(Number.NaN, 1_000)).toThrow(RangeError);
    expect(() => platformFee(1_000, -1)).toThrow(RangeError);
    expect(() => platformFee(1_000, 10_001)).toThrow(RangeError);
    expect(() => platformFee(1_000, 12.5)).toThrow(RangeError);
  });
});

describe('splitAmount', () => {
  it('gives the doctor the amount minus the fee', () => {
    expect(splitAmount(20_000, 2_000)).toEqual({ amount: 20_000, platformFee: 4_000, doctorAmount: 16_000 });
    expect(splitAmount(333, 1_050)).toEqual({ amount: 333, platformFee: 35, doctorAmount: 298 });
    expect(splitAmount(15_000, 0)).toEqual({ amount: 15_000, platformFee: 0, doctorAmount: 15_000 });
    expect(splitAmount(15_000, 10_000)).toEqual({ amount: 15_000, platformFee: 15_000, doctorAmount: 0 });
  });

  it('validates its input', () => {
    expect(() => splitAmount(-100, 1_000)).toThrow(RangeError);
    expect(() => splitAmount(100, 20_000)).toThrow(RangeError);
  });
});
