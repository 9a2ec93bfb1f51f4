import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import * as counters from './rate-limit.repository.ts';

export const THROTTLE_MESSAGES = {
  account: 'Muitas tentativas de login para esta conta. Aguarde alguns minutos e tente novamente.',
  recipient: 'Muitos emails solicitados para este endereço. Aguarde alguns minutos e tente novamente.',
} as const;

/** Failed sign-ins allowed for one address before back-off starts. */
export const FREE_SIGN_IN_FAILURES = 5;
const FAILURE_WINDOW_MS = 60 * 60_000;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;
/** E-mails one address may be sent on request (reset, confirmation) per hour. */
export const EMAILS_PER_RECIPIENT_PER_HOUR = 5;

const normalise = (email: string) => email.trim().toLowerCase();

function tooMany(message: string, retryAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  return new AppError(429, message, { code: 'rate_limited', headers: { 'retry-after': String(seconds) } });
}

/**
 * Limits keyed on the person rather than the client address, which an attacker can change:
 * sign-in failures per account with doubling back-off, and requested e-mails per recipient.
 * Keys are the normalised address whether or not an account exists, so the answers reveal nothing.
 */
export class Throttle {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  async assertSignInAllowed(email: string): Promise<void> {
    const state = await counters.read(this.db, `sign-in-failures:${normalise(email)}`);
    if (state?.blockedUntil && state.blockedUntil.getTime() > Date.now()) {
      throw tooMany(THROTTLE_MESSAGES.account, state.blockedUntil);
    }
  }

  /** 30 s after the fifth failure within an hour, doubling on each further one, up to 15 min. */
  async signInFailed(email: string): Promise<void> {
    const key = `sign-in-failures:${normalise(email)}`;
    const state = await counters.hit(this.db, key, FAILURE_WINDOW_MS);
    if (state.count < FREE_SIGN_IN_FAILURES) return;
    const delay = Math.min(FIRST_BACKOFF_MS * 2 ** (state.count - FREE_SIGN_IN_FAILURES), MAX_BACKOFF_MS);
    await counters.block(this.db, key, new Date(Date.now() + delay));
  }

  async signInSucceeded(email: string): Promise<void> {
    await counters.clear(this.db, `sign-in-failures:${normalise(email)}`);
  }

  /** Counts one requested e-mail to this address; refuses once the hour's quota is used. */
  async emailRequested(email: string): Promise<void> {
    const state = await counters.hit(this.db, `email-recipient:${normalise(email)}`, 60 * 60_000);
    if (state.count > EMAILS_PER_RECIPIENT_PER_HOUR)
      throw tooMany(THROTTLE_MESSAGES.recipient, state.resetAt);
  }

  /**
   * A signed-in person's hourly quota of one action (e.g. a doctor adding patients), kept in the
   * same database counters as the rest, so every instance counts together.
   */
  async withinHourlyQuota(key: string, max: number, message: string): Promise<void> {
    const state = await counters.hit(this.db, `quota:${key}`, 60 * 60_000);
    if (state.count > max) throw tooMany(message, state.resetAt);
  }

  /** Same quota for e-mails the server decides to send on its own; false when over it. */
  async mayEmail(email: string): Promise<boolean> {
    const state = await counters.hit(this.db, `email-recipient:${normalise(email)}`, 60 * 60_000);
    return state.count <= EMAILS_PER_RECIPIENT_PER_HOUR;
  }
}
