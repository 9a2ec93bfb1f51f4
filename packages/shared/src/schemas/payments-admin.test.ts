import { describe, expect, it } from 'vitest';
import {
  adminRefundInputSchema,
  ADMIN_PAYMENT_MESSAGES as M,
  parseBRLInput,
  refundAmountIssue,
} from './payments-admin.ts';

describe('the refund amount typed in reais', () => {
  it('reads Brazilian amounts into centavos', () => {
    expect(parseBRLInput('100')).toBe(10_000);
    expect(parseBRLInput('75,5')).toBe(7_550);
    expect(parseBRLInput('R$ 1.234,56')).toBe(123_456);
    expect(parseBRLInput('0,01')).toBe(1);
  });

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '1,234', '12.34', '-5', '1.23,45', '1e3'])
      expect(parseBRLInput(text), text).toBeNull();
  });

  it('splits never past what is left, and never nothing', () => {
    expect(refundAmountIssue(5_000, 10_000)).toBeNull();
    expect(refundAmountIssue(10_000, 10_000)).toBeNull();
    expect(refundAmountIssue(10_001, 10_000)).toBe('too_high');
    expect(refundAmountIssue(0, 10_000)).toBe(M.amountPositive);
    expect(refundAmountIssue(null, 10_000)).toBe(M.amountRequired);
  });
});

describe('the refund request', () => {
  const valid = { amount: 5_000, reasonCode: 'goodwill', reasonText: 'Atraso', key: 'a1b2c3d4-e5f6' };
  it('takes whole centavos, a listed reason, a text and a key', () => {
    expect(adminRefundInputSchema.parse(valid)).toEqual(valid);
  });
  it('answers each bad field with its message', () => {
    const result = adminRefundInputSchema.safeParse({
      amount: 10.5,
      reasonCode: 'x',
      reasonText: ' ',
      key: 'k',
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path[0], i.message]));
    expect(messages).toEqual({
      amount: M.amountRequired,
      reasonCode: M.reasonRequired,
      reasonText: M.reasonTextRequired,
      key: M.keyRequired,
    });
  });
});
