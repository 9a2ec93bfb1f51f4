import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: the secret that goes into a cookie or an e-mailed link. */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this digest is stored, so a database leak does not hand out live sessions or links. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
