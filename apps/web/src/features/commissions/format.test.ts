import { describe, expect, it } from 'vitest';
import { formatPercent } from './format';

describe('formatPercent', () => {
  it('writes pt-BR decimals, at most two', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(7.25)).toBe('7,25%');
    expect(formatPercent(0)).toBe('0%');
  });
});
