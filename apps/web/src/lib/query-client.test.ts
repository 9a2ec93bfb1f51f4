import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { retryDelay, shouldRetry } from './query-client';

describe('query retries', () => {
  it('never retries a 4xx answer', () => {
    expect(shouldRetry(0, new ApiError(401, 'Não autenticado'))).toBe(false);
    expect(shouldRetry(0, new ApiError(404, 'Recurso não encontrado.'))).toBe(false);
  });

  it('retries network failures and 5xx up to 3 times', () => {
    expect(shouldRetry(0, new ApiError(0, 'offline'))).toBe(true);
    expect(shouldRetry(2, new ApiError(503, 'indisponível'))).toBe(true);
    expect(shouldRetry(3, new ApiError(500, 'erro'))).toBe(false);
  });

  it('backs off exponentially, capped at 30 s', () => {
    expect([0, 1, 2, 3, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30000]);
  });
});
