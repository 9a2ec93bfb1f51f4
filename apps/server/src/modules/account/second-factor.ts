import { createHmac } from 'node:crypto';
import type { Db, Queryable } from '../../db/client.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { secondFactorLockedEmail } from '../email/email.templates.ts';
import type { Throttle } from '../security/throttle.ts';
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

export interface SecondFactorCheck {
  db: Db;
  /** The installation's data key, which the TOTP secrets are encrypted with (decision 038). */
  encryptionKey: Buffer;
  throttle: Throttle;
  /** Called after the lock notice was written to the outbox and committed. */
  onEmailQueued: () => void;
}

/**
 * Checks a second-factor code (TOTP or recovery) under the per-account limit that sign-in and
 * re-authentication share: 429 while the account is locked, even for the right code; the wrong
 * code that locks it for the first time that day emails its owner.
 */
export async function checkSecondFactor(check: SecondFactorCheck, userId: string, code: string) {
  const { db, throttle } = check;
  await throttle.assertSecondFactorAllowed(userId);
  if (await verifySecondFactor(db, userId, code, check.encryptionKey)) {
    await throttle.secondFactorSucceeded(userId);
    return true;
  }
  const { firstLock } = await throttle.secondFactorFailed(userId);
  if (firstLock) {
    await db.transaction(async (tx) => {
      const owner = await repo.findCredentials(tx, userId);
      if (owner)
        await enqueueEmail(tx, owner.email, secondFactorLockedEmail(owner.fullName), {
          encryptionKey: check.encryptionKey,
        });
    });
    check.onEmailQueued();
  }
  return false;
}
