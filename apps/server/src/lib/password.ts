import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { availableParallelism } from 'node:os';

/** scrypt cost; the parameters travel with each hash so they can be raised later. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's scrypt floor (N=2^17, r=8, p=1): 128 MiB of memory per hash. */
export const PRODUCTION_SCRYPT_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
/** scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MiB by default). */
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * At most this many hashes run at once per process; the rest wait their turn. Each one holds
 * 128 MiB, and more than the cores at once would not finish any sooner.
 */
export const MAX_CONCURRENT_HASHES = Math.min(4, Math.max(2, availableParallelism()));
let running = 0;
/** How many hashes are computing right now (tests check the bound). */
export const hashesRunning = () => running;
const waiting: (() => void)[] = [];

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_HASHES) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const nextInLine = waiting.shift();
    if (nextInLine) nextInLine();
    else running--;
  }
}

function derive(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return withHashSlot(
    () =>
      new Promise((resolve, reject) => {
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { N: cost.N, r: cost.r, p: cost.p, maxmem: MAX_MEMORY },
          (err, key) => (err ? reject(err) : resolve(key)),
        );
      }),
  );
}

export async function hashPassword(
  password: string,
  cost: ScryptCost = PRODUCTION_SCRYPT_COST,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return `scrypt$${cost.N}$${cost.r}$${cost.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | undefined {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return undefined;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (![cost.N, cost.r, cost.p].every(Number.isSafeInteger)) return undefined;
  return { cost, salt: Buffer.from(salt, 'base64url'), key: Buffer.from(key, 'base64url') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.cost);
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** True when the hash was made with other parameters than today's, so it is replaced at sign-in. */
export function needsRehash(stored: string, cost: ScryptCost = PRODUCTION_SCRYPT_COST): boolean {
  const parsed = parse(stored);
  return !parsed || parsed.cost.N !== cost.N || parsed.cost.r !== cost.r || parsed.cost.p !== cost.p;
}

/** A hash of nothing, so that a sign-in for an unknown email costs the same time as a real one. */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(cost: ScryptCost = PRODUCTION_SCRYPT_COST): Promise<string> {
  const key = `${cost.N}/${cost.r}/${cost.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-real-password', cost);
    dummyHashes.set(key, hash);
  }
  return hash;
}
