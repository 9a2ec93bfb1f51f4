import { createHmac } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import * as repo from './account.repository.ts';
import { acceptedTimeStep, normalizeRecoveryCode } from './totp.ts';

/**
 * A recovery code's digest, keyed by its user: codes carry ~50 random bits, so a fast keyed hash
 * is enough (a slow one would cost ten derivations per attempt) and equal codes of two users differ.
 */
export function recoveryCodeHash(userId: string, code: string): string {
  return createHmac('sha256', userId).update(normalizeRecoveryCode(code)).digest('hex');
}

/**
 * Checks the second factor of an enrolled user: a TOTP code not used before, or an unused recovery
 * code (spent by this call). Null when neither.
 */
export async function verifySecondFactor(
  db: Queryable,
  userId: string,
  code: string,
  key: Buffer,
): Promise<'totp' | 'recovery' | null> {
  const factor = await repo.findTwoFactor(db, userId, key);
  if (!factor?.enabledAt) return null;
  const trimmed = code.replace(/\s/g, '');
  if (/^\d{6}$/.test(trimmed)) {
    const step = await acceptedTimeStep(factor.secret, trimmed, factor.lastTimeStep);
    return step !== null && (await repo.advanceTimeStep(db, userId, step)) ? 'totp' : null;
  }
  return (await repo.consumeRecoveryCode(db, userId, recoveryCodeHash(userId, trimmed))) ? 'recovery' : null;
}
