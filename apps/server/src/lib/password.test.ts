import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import {
  hashesRunning,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  needsRehash,
  PRODUCTION_SCRYPT_COST,
  verifyPassword,
} from './password.ts';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashing', () => {
  it('runs at OWASP’s scrypt cost in every real configuration', async () => {
    expect(PRODUCTION_SCRYPT_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    for (const env of ['development', 'production', 'test'] as const) {
      const config = loadConfig({
        NODE_ENV: env,
        APP_URL: 'https://pulsa.example',
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
        PAYMENTS_TEST_MODE: 'true',
      });
      expect(config.passwordCost, env).toEqual(PRODUCTION_SCRYPT_COST);
    }
    const hash = await hashPassword('uma senha qualquer');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await verifyPassword('uma senha qualquer', hash)).toBe(true);
    expect(await verifyPassword('outra senha', hash)).toBe(false);
  }, 60_000);

  it('tells an old or differently made hash apart, so sign-in can replace it', async () => {
    const old = await hashPassword('segredo', { N: 2 ** 14, r: 8, p: 1 });
    expect(needsRehash(old)).toBe(true);
    expect(needsRehash(old, { N: 2 ** 14, r: 8, p: 1 })).toBe(false);
    expect(needsRehash('bcrypt$whatever')).toBe(true);
    expect(await verifyPassword('segredo', old)).toBe(true);
  });

  it('never runs more hashes at once than the bound, however many are asked for', async () => {
    let highest = 0;
    const sampler = setInterval(() => {
      highest = Math.max(highest, hashesRunning());
    }, 1);
    try {
      const all = Array.from({ length: 12 }, (_, i) =>
        hashPassword(`senha-${i}`, { N: 2 ** 14, r: 8, p: 1 }),
      );
      await Promise.all(all);
    } finally {
      clearInterval(sampler);
    }
    expect(highest).toBeGreaterThan(0);
    expect(highest).toBeLessThanOrEqual(MAX_CONCURRENT_HASHES);
    expect(hashesRunning()).toBe(0);
  }, 60_000);

  it('refuses a malformed stored hash instead of throwing', async () => {
    expect(await verifyPassword('x', 'scrypt$abc$8$1$salt$key')).toBe(false);
    expect(await verifyPassword('x', await hashPassword('x', CHEAP))).toBe(true);
  });
});
