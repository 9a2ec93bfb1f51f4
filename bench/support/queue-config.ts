import { type AppConfig, loadConfig } from '../../apps/server/src/config.ts';

/** Cheap password hashing for the benchmark's thousands of accounts (sign-in is not measured). */
export const CHEAP_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

/**
 * The app's configuration in bench/queue.ts, the same in every process (one encryption key, so the
 * admin's two-factor secret reads on each instance): test payments, no page build, no sign-in limit.
 */
export function queueBenchConfig(logLevel: 'silent' | 'warn'): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', APP_URL: 'http://pulsa.bench', LOG_LEVEL: logLevel }),
    webDistDir: undefined,
    authRateLimit: 1_000_000,
    dataEncryptionKey: Buffer.alloc(32, 9),
    passwordCost: CHEAP_SCRYPT,
  };
}
