import { createHmac } from 'node:crypto';

/** How long a TURN credential stays valid: longer than any consultation and its open window. */
export const TURN_CREDENTIAL_TTL_SECONDS = 6 * 3600;

/**
 * Credentials for a TURN server in shared-secret mode (coturn's `use-auth-secret`, the "TURN REST
 * API" convention): the username is the expiry time (Unix seconds) and the user's id, the password
 * is the base64 HMAC-SHA1 of the username under the secret shared with the TURN server. Nothing is
 * stored; the TURN server checks the signature and the expiry itself, so a credential seen in a
 * browser is worth nothing after a few hours.
 */
export function turnCredentials(
  turn: { urls: string[]; secret: string },
  userId: string,
  now = new Date(),
): { urls: string[]; username: string; credential: string } {
  const expires = Math.floor(now.getTime() / 1000) + TURN_CREDENTIAL_TTL_SECONDS;
  const username = `${expires}:${userId}`;
  const credential = createHmac('sha1', turn.secret).update(username).digest('base64');
  return { urls: turn.urls, username, credential };
}
