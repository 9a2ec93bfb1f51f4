import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './live-client';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, with a random half on top of the other half', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 15_000]);
  });
});
