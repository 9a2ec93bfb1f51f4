import { describe, expect, it } from 'vitest';
import { amountInProse } from './amount';

describe('an amount inside a sentence', () => {
  it('keeps "R$" with its number at the end of a line', () => {
    expect(amountInProse(8000)).toBe('R$\u00a080,00');
    expect(amountInProse(123456)).toBe('R$\u00a01.234,56');
  });
});
