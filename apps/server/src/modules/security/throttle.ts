import type { Db } from '../../db/client.ts';
import * as counters from '../../lib/counters.ts';
import { AppError } from '../../lib/errors.ts';

export const THROTTLE_MESSAGES = {
  account: 'Muitas tentativas de login para esta conta. Aguarde alguns minutos e tente novamente.',
  reauth: 'Muitas tentativas de confirmação para esta conta. Aguarde alguns minutos e tente novamente.',
  secondFactor:
    'Muitos códigos incorretos para esta conta. Por segurança, aguarde alguns minutos e tente novamente.',
  recipient: 'Muitos emails solicitados para este endereço. Aguarde alguns minutos e tente novamente.',
} as const;

/** Failed sign-ins allowed for one address before back-off starts. */
export const FREE_SIGN_IN_FAILURES = 5;
const FAILURE_WINDOW_MS = 60 * 60_000;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 15 * 60_000;
/**
 * Wrong second-factor codes one account may get, over every challenge and re-authentication, before
 * it is locked: then 1 min, doubling on each further wrong code up to 1 h, counted over a day. A
 * 6-digit code (3 valid at a time) then resists guessing: about 30 tries a day at most.
 */
export const FREE_SECOND_FACTOR_FAILURES = 5;
const SECOND_FACTOR_WINDOW_MS = 24 * 60 * 60_000;
const SECOND_FACTOR_FIRST_LOCK_MS = 60_000;
const SECOND_FACTOR_MAX_LOCK_MS = 60 * 60_000;
/** Emails one address may be sent on request (reset, confirmation) per hour. */
export const EMAILS_PER_RECIPIENT_PER_HOUR = 5;

const normalise = (email: string) => email.trim().toLowerCase();

function tooMany(message: string, retryAt: Date): AppError {
  const seconds = Math.max(1, Math.ceil((retryAt.getTime() - Date.now()) / 1000));
  return new AppError(429, message, { code: 'rate_limited', headers: { 'retry-after': String(seconds) } });
}

/**
 * Limits keyed on the person rather than the client address, which an attacker can change:
 * sign-in failures per account with doubling back-off, and requested emails per recipient.
 * Keys are the normalised address whether or not an account exists, so the answers reveal nothing.
 */
export class Throttle {
  private readonly db: Db;

  constructor(db: Db) {
    this.db = db;
  }

  /**
   * Before a password is checked, at sign-in or at re-authentication (which share the count, so a
   * stolen session guesses no faster than a stranger).
   */
  async assertSignInAllowed(email: string, message: string = THROTTLE_MESSAGES.account): Promise<void> {
    const state = await counters.read(this.db, `sign-in-failures:${normalise(email)}`);
    if (state?.blockedUntil && state.blockedUntil.getTime() > Date.now()) {
      throw tooMany(message, state.blockedUntil);
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

  /** The whole sign-in succeeded: the password, and the second factor when the account has one. */
  async signInSucceeded(email: string): Promise<void> {
    await counters.clear(this.db, `sign-in-failures:${normalise(email)}`);
  }

  /** Before a second-factor code is checked: 429 while the account is locked, even for the right code. */
  async assertSecondFactorAllowed(userId: string): Promise<void> {
    const state = await counters.read(this.db, `second-factor-failures:${userId}`);
    if (state?.blockedUntil && state.blockedUntil.getTime() > Date.now()) {
      throw tooMany(THROTTLE_MESSAGES.secondFactor, state.blockedUntil);
    }
  }

  /** Counts a wrong code; `firstLock` is true when this one started the account's first lock of the day. */
  async secondFactorFailed(userId: string): Promise<{ firstLock: boolean }> {
    const key = `second-factor-failures:${userId}`;
    const state = await counters.hit(this.db, key, SECOND_FACTOR_WINDOW_MS);
    if (state.count < FREE_SECOND_FACTOR_FAILURES) return { firstLock: false };
    const delay = Math.min(
      SECOND_FACTOR_FIRST_LOCK_MS * 2 ** (state.count - FREE_SECOND_FACTOR_FAILURES),
      SECOND_FACTOR_MAX_LOCK_MS,
    );
    await counters.block(this.db, key, new Date(Date.now() + delay));
    return { firstLock: state.count === FREE_SECOND_FACTOR_FAILURES };
  }

  async secondFactorSucceeded(userId: string): Promise<void> {
    await counters.clear(this.db, `second-factor-failures:${userId}`);
  }

  /** Counts one requested email to this address; refuses once the hour's quota is used. */
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

  /** Same quota for emails the server decides to send on its own; false when over it. */
  async mayEmail(email: string): Promise<boolean> {
    const state = await counters.hit(this.db, `email-recipient:${normalise(email)}`, 60 * 60_000);
    return state.count <= EMAILS_PER_RECIPIENT_PER_HOUR;
  }
}
