import {
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  SESSION_ABSOLUTE_HOURS,
  SESSION_IDLE_MINUTES,
  SIGN_IN_CHALLENGE_ATTEMPTS,
  SIGN_IN_CHALLENGE_MINUTES,
  TRUSTED_DEVICE_DAYS,
} from '@pulsa/shared/constants/business';
import type { Role } from '@pulsa/shared/constants/roles';
import { ACCOUNT_MESSAGES } from '@pulsa/shared/schemas/account';
import { AUTH_MESSAGES, type RegisterData, type SessionUser } from '@pulsa/shared/schemas/auth';
import type { AppConfig } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { dataKeyOf } from '../../lib/encryption.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../lib/password.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { ClientInfo, SessionInfo } from '../../plugins/session.ts';
import { deviceLabel, nowInBrazil } from '../account/devices.ts';
import { assertPasswordNotCommon } from '../account/password-policy.ts';
import { checkSecondFactor, type SecondFactorCheck } from '../account/second-factor.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import {
  cpfInUseNoticeEmail,
  type EmailContent,
  newSignInEmail,
  passwordChangedEmail,
  passwordResetEmail,
  signUpRefusedEmail,
  verificationEmail,
} from '../email/email.templates.ts';
import { Throttle } from '../security/throttle.ts';
import * as repo from './auth.repository.ts';
import { SessionReads } from './session-reads.ts';

export type SignInResult =
  | { kind: 'session'; token: string; user: SessionUser; maxAgeSeconds: number }
  | { kind: 'challenge'; token: string; maxAgeSeconds: number };

/**
 * A complete account (credentials, profile and role) from a ready password hash, in the caller's
 * transaction. Sign-up and the configured admin go through the service's rules; the seed's
 * factories make their accounts with this.
 */
export function insertAccount(
  db: Queryable,
  account: Parameters<typeof repo.insertUser>[1],
): Promise<string> {
  return repo.insertUser(db, account);
}

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  /** Called after a transaction that wrote to the outbox has committed. */
  onEmailQueued: () => void;
}

/** Account rules: sign-up, email confirmation, sign-in, sessions and password reset. */
/** How stale a session's last-seen time may get before a request writes it again. */
const SESSION_TOUCH_INTERVAL_MS = 60_000;

/** Announced at commit when what a session read answers changes (migration 0025). */
export const SESSION_READS_CHANNEL = 'session_reads';

type SessionRow = NonNullable<Awaited<ReturnType<typeof repo.findSessionUser>>>;

export class AuthService {
  private readonly deps: AuthDeps;
  /** Per-account and per-recipient limits, shared by every instance through the database. */
  readonly throttle: Throttle;
  /** Sessions read in the last moment (decision 068); `sessionReadsChanged` empties it. */
  private readonly reads: SessionReads<SessionRow>;

  constructor(deps: AuthDeps) {
    this.deps = deps;
    this.throttle = new Throttle(deps.db);
    this.reads = new SessionReads(deps.config.sessionReadMaxAgeMs);
  }

  /** The database announced a change to what session reads answer (or an ended session). */
  sessionReadsChanged(): void {
    this.reads.changed();
  }

  /** A password hash at the configured cost (OWASP's in production). */
  hash(password: string) {
    return hashPassword(password, this.deps.config.passwordCost);
  }

  /** The installation's data key (DATA_ENCRYPTION_KEY, or the local one start-up made). */
  private get encryptionKey(): Buffer {
    return dataKeyOf(this.deps.config);
  }

  /** The code step's check, with the limit it shares with re-authentication (modules/account). */
  private get secondFactor(): SecondFactorCheck {
    const { db, onEmailQueued } = this.deps;
    return { db, encryptionKey: this.encryptionKey, throttle: this.throttle, onEmailQueued };
  }

  /** Into the outbox; a body carrying a live link is encrypted at rest. */
  queueEmail(tx: Queryable, to: string, content: EmailContent) {
    return enqueueEmail(tx, to, content, { encryptionKey: this.deps.config.dataEncryptionKey });
  }

  /**
   * Creates the account, or — when the CPF already has one — answers exactly the same and tells
   * both addresses by email instead, so the form never reveals that a national ID is registered.
   * A taken email is still named: the spec's message, and the owner can recover it by email.
   */
  async register(input: RegisterData): Promise<{ userId: string | null }> {
    const { db } = this.deps;
    await assertPasswordNotCommon(input.password, 'password', [input.name, input.email]);
    const passwordHash = await this.hash(input.password);
    let userId: string | null;
    try {
      userId = await db.transaction(async (tx) => {
        const existing = await repo.findUserByEmail(tx, input.email);
        if (existing) throw emailTaken();
        if (await repo.cpfExists(tx, input.cpf)) throw new CpfTaken();
        const id = await repo.insertUser(tx, {
          email: input.email,
          passwordHash,
          fullName: input.name,
          phone: input.phone,
          cpf: input.cpf,
          role: input.userType,
          verified: false,
        });
        if (input.userType === 'doctor') await repo.insertEmptyDoctorProfile(tx, id);
        await this.queueVerification(tx, id, input.email, input.name);
        return id;
      });
    } catch (error) {
      // Two sign-ups racing past the checks above meet the unique indexes instead.
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
      if (!(error instanceof CpfTaken) && !isUniqueViolation(error, 'user_profiles_cpf_key')) throw error;
      await this.tellCpfTaken(input);
      userId = null;
    }
    this.deps.onEmailQueued();
    return { userId };
  }

  private async tellCpfTaken(input: RegisterData) {
    const { db, config } = this.deps;
    const owner = await repo.findCpfOwner(db, input.cpf);
    const login = `${config.appUrl}/login`;
    // Quotas first: the embedded database has one connection, taken by the transaction below.
    const tellOwner = !!owner && (await this.throttle.mayEmail(owner.email));
    const tellApplicant = await this.throttle.mayEmail(input.email);
    await db.transaction(async (tx) => {
      if (owner && tellOwner) {
        const reset = `${config.appUrl}/forgot-password`;
        await this.queueEmail(tx, owner.email, cpfInUseNoticeEmail(owner.fullName, login, reset));
      }
      if (tellApplicant) await this.queueEmail(tx, input.email, signUpRefusedEmail(input.name, login));
    });
  }

  /**
   * Same answer whether or not the address exists or is already confirmed; the route runs this
   * after answering, so the time taken says nothing either.
   */
  async resendVerification(email: string): Promise<void> {
    const { db } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!user || user.emailVerifiedAt) return;
    await db.transaction((tx) => this.queueVerification(tx, user.id, user.email, user.fullName));
    this.deps.onEmailQueued();
  }

  async verifyEmail(token: string): Promise<'verified' | 'already_verified'> {
    const { db } = this.deps;
    const row = await repo.findAuthToken(db, 'email_verification', hashToken(token));
    if (!row) throw badRequest(AUTH_MESSAGES.invalidVerifyLink, undefined, 'invalid_link');
    if (row.usedAt) {
      // A second click on the same link is harmless once the address is confirmed.
      if (await repo.isEmailVerified(db, row.userId)) return 'already_verified';
      throw badRequest(AUTH_MESSAGES.invalidVerifyLink, undefined, 'invalid_link');
    }
    if (row.expiresAt.getTime() < Date.now())
      throw badRequest(AUTH_MESSAGES.invalidVerifyLink, undefined, 'expired_link');
    await db.transaction(async (tx) => {
      if (!(await repo.consumeAuthToken(tx, row.id)))
        throw badRequest(AUTH_MESSAGES.invalidVerifyLink, undefined, 'invalid_link');
      await repo.markEmailVerified(tx, row.userId);
    });
    return 'verified';
  }

  /**
   * The password step. With two-factor sign-in on (and no remembered device) it creates no
   * session, only a short-lived challenge that the code step (completeTwoFactor) redeems.
   * `previousToken` is the session the browser already had: it ends here, so a session planted
   * before sign-in (or another account's) never survives it.
   */
  async signIn(
    email: string,
    password: string,
    client: ClientInfo,
    previousToken?: string,
  ): Promise<SignInResult> {
    const { db, config } = this.deps;
    await this.throttle.assertSignInAllowed(email);
    const user = await repo.findUserByEmail(db, email);
    const ok = await verifyPassword(
      password,
      user?.passwordHash ?? (await dummyPasswordHash(config.passwordCost)),
    );
    if (!user || !ok) {
      await this.throttle.signInFailed(email);
      throw new AppError(401, AUTH_MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
    }
    const step = await this.secondStep(user.id, client.trustedDeviceToken);
    // With a second factor due, the password alone proves nothing yet: the failures it follows are
    // cleared only once the code is right (completeTwoFactor).
    if (!step.codeNeeded) await this.throttle.signInSucceeded(email);
    if (!user.emailVerifiedAt)
      throw new AppError(403, AUTH_MESSAGES.emailNotVerified, { code: 'email_not_verified' });
    // Hashes made with older (cheaper) parameters are replaced while the password is at hand.
    if (needsRehash(user.passwordHash, config.passwordCost)) {
      await repo.updatePassword(db, user.id, await this.hash(password));
    }
    if (previousToken) await repo.deleteSession(db, hashToken(previousToken));
    if (step.codeNeeded) {
      // A locked account gets no new challenge: its codes wait out the lock like its challenges do.
      await this.throttle.assertSecondFactorAllowed(user.id);
      return this.openChallenge(user.id);
    }
    return this.startSession(user.id, client, { secondFactor: false, trustedDeviceId: step.trustedDeviceId });
  }

  /** The code step: a TOTP or recovery code against the pending challenge. */
  async completeTwoFactor(
    challengeToken: string,
    code: string,
    rememberDevice: boolean,
    client: ClientInfo,
  ): Promise<Extract<SignInResult, { kind: 'session' }> & { trustedDeviceToken?: string }> {
    const { db } = this.deps;
    const challengeId = hashToken(challengeToken);
    const challenge = await repo.findChallenge(db, challengeId);
    if (!challenge || challenge.attempts >= SIGN_IN_CHALLENGE_ATTEMPTS) throw challengeExpired();
    if (!(await checkSecondFactor(this.secondFactor, challenge.userId, code))) {
      const attempts = await repo.countChallengeAttempt(db, challengeId);
      if (attempts >= SIGN_IN_CHALLENGE_ATTEMPTS) {
        await repo.deleteChallenge(db, challengeId);
        throw challengeExpired();
      }
      throw badRequest(ACCOUNT_MESSAGES.invalidCode, { code: ACCOUNT_MESSAGES.invalidCode }, 'invalid_code');
    }
    if (!(await repo.deleteChallenge(db, challengeId))) throw challengeExpired();
    const profile = await repo.findProfileName(db, challenge.userId);
    if (profile) await this.throttle.signInSucceeded(profile.email);
    let trustedDeviceToken: string | undefined;
    let trustedDeviceId: string | null = null;
    if (rememberDevice) {
      trustedDeviceToken = newSecretToken();
      trustedDeviceId = await repo.insertTrustedDevice(db, {
        userId: challenge.userId,
        tokenHash: hashToken(trustedDeviceToken),
        userAgent: client.userAgent?.slice(0, 300) ?? null,
        expiresAt: new Date(Date.now() + TRUSTED_DEVICE_DAYS * 86_400_000),
      });
    }
    const session = await this.startSession(challenge.userId, client, {
      secondFactor: true,
      trustedDeviceId,
    });
    return trustedDeviceToken ? { ...session, trustedDeviceToken } : session;
  }

  async signOut(token: string): Promise<void> {
    const id = hashToken(token);
    await repo.deleteSession(this.deps.db, id);
    // The other servers forget it when the database announces the deletion; this one at once.
    this.reads.forget(id);
  }

  /**
   * The user and session behind a cookie token, or undefined when there is none, it passed its
   * absolute lifetime, or it sat idle longer than the role allows (then it is deleted). Read from
   * what this server kept a moment ago unless `fresh` (the re-authentication guard asks it fresh).
   */
  async sessionUser(
    token: string,
    options: { fresh?: boolean } = {},
  ): Promise<{ user: SessionUser; session: SessionInfo } | undefined> {
    const { db } = this.deps;
    const id = hashToken(token);
    const read = () => repo.findSessionUser(db, id);
    const row = options.fresh ? await read() : await this.reads.get(id, read);
    if (!row) return undefined;
    const now = Date.now();
    if (row.expiresAt.getTime() <= now) {
      this.reads.forget(id);
      return undefined;
    }
    if (row.lastSeenAt.getTime() + SESSION_IDLE_MINUTES[row.role] * 60_000 < now) {
      this.reads.forget(id);
      await repo.deleteSession(db, id);
      return undefined;
    }
    // Idle limits are counted in minutes: one write a minute per session, not one per request.
    if (now - row.lastSeenAt.getTime() >= SESSION_TOUCH_INTERVAL_MS) {
      await repo.touchSession(db, id);
      this.reads.update(id, (kept) => ({ ...kept, lastSeenAt: new Date(now) }));
    }
    return {
      user: {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        avatarUrl: row.avatarUrl,
        twoFactorEnabled: row.twoFactorEnabled,
      },
      session: {
        id,
        publicId: row.publicId,
        authenticatedAt: row.authenticatedAt,
        secondFactorAt: row.secondFactorAt,
        trustedDeviceId: row.trustedDeviceId,
      },
    };
  }

  /**
   * Whether a session still holds (not signed out, not past its lifetime or idle limit), without
   * counting the check as activity: the live connection asks it of every open socket.
   */
  async sessionAlive(token: string): Promise<boolean> {
    const row = await repo.findSessionUser(this.deps.db, hashToken(token));
    return !!row && row.lastSeenAt.getTime() + SESSION_IDLE_MINUTES[row.role] * 60_000 >= Date.now();
  }

  /**
   * Whether the password step must be followed by a code: yes with two-factor on, unless the browser
   * carries a remembered device of this user (then the session records that device, and no code).
   */
  private async secondStep(
    userId: string,
    trustedDeviceToken: string | undefined,
  ): Promise<{ codeNeeded: true } | { codeNeeded: false; trustedDeviceId: string | null }> {
    const { db } = this.deps;
    if (!(await repo.twoFactorEnabled(db, userId))) return { codeNeeded: false, trustedDeviceId: null };
    if (!trustedDeviceToken || trustedDeviceToken.length > 100) return { codeNeeded: true };
    const trustedDeviceId = await repo.useTrustedDevice(db, userId, hashToken(trustedDeviceToken));
    return trustedDeviceId ? { codeNeeded: false, trustedDeviceId } : { codeNeeded: true };
  }

  private async openChallenge(userId: string): Promise<SignInResult> {
    const token = newSecretToken();
    const maxAgeSeconds = SIGN_IN_CHALLENGE_MINUTES * 60;
    await repo.insertChallenge(
      this.deps.db,
      hashToken(token),
      userId,
      new Date(Date.now() + maxAgeSeconds * 1000),
    );
    return { kind: 'challenge', token, maxAgeSeconds };
  }

  /** A new session with the role's absolute lifetime; a browser new to the account gets an email. */
  private async startSession(
    userId: string,
    client: ClientInfo,
    how: { secondFactor: boolean; trustedDeviceId: string | null },
  ): Promise<Extract<SignInResult, { kind: 'session' }>> {
    const { db } = this.deps;
    const role = (await repo.findRole(db, userId)) ?? 'patient';
    const maxAgeSeconds = SESSION_ABSOLUTE_HOURS[role] * 3600;
    const token = newSecretToken();
    const userAgent = client.userAgent?.slice(0, 300) ?? null;
    let emailQueued = false;
    await db.transaction(async (tx) => {
      await repo.insertSession(tx, {
        id: hashToken(token),
        userId,
        expiresAt: new Date(Date.now() + maxAgeSeconds * 1000),
        userAgent,
        ipAddress: client.ip,
        secondFactorAt: how.secondFactor ? new Date() : null,
        trustedDeviceId: how.trustedDeviceId,
      });
      const { isNewDevice } = await repo.rememberKnownDevice(tx, userId, hashToken(client.deviceToken));
      if (isNewDevice) {
        const profile = await repo.findProfileName(tx, userId);
        if (profile) {
          await this.queueEmail(
            tx,
            profile.email,
            newSignInEmail(profile.fullName, deviceLabel(userAgent), nowInBrazil()),
          );
          emailQueued = true;
        }
      }
    });
    if (emailQueued) this.deps.onEmailQueued();
    const found = await this.sessionUser(token);
    if (!found) throw new Error('session vanished right after sign-in');
    return { kind: 'session', token, user: found.user, maxAgeSeconds };
  }

  /** Same answer whether or not the address exists; the route runs this after answering. */
  async requestPasswordReset(email: string): Promise<void> {
    const { db, config } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!user) return;
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await repo.insertAuthToken(tx, user.id, 'password_reset', hashToken(token), expiresAt);
      const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.queueEmail(tx, user.email, passwordResetEmail(user.fullName, url));
    });
    this.deps.onEmailQueued();
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const { db } = this.deps;
    const row = await repo.findAuthToken(db, 'password_reset', hashToken(token));
    if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
      throw badRequest(AUTH_MESSAGES.invalidResetLink, undefined, 'invalid_link');
    }
    await assertPasswordNotCommon(password, 'password');
    const passwordHash = await this.hash(password);
    await db.transaction(async (tx) => {
      if (!(await repo.consumeAuthToken(tx, row.id)))
        throw badRequest(AUTH_MESSAGES.invalidResetLink, undefined, 'invalid_link');
      await repo.updatePassword(tx, row.userId, passwordHash);
      // Whoever had the old password loses every open session and remembered device.
      await repo.deleteUserSessions(tx, row.userId);
      await repo.deleteUserTrustedDevices(tx, row.userId);
      // Following a link sent to the address proves it, like the confirmation link would.
      await repo.markEmailVerified(tx, row.userId);
      const profile = await repo.findProfileName(tx, row.userId);
      if (profile) await this.queueEmail(tx, profile.email, passwordChangedEmail(profile.fullName));
    });
    this.deps.onEmailQueued();
  }

  /** Creates or promotes the configured admin; used at start-up and by the CLI. */
  async ensureAdmin(email: string, password: string): Promise<'created' | 'exists'> {
    const { db } = this.deps;
    const normalized = email.trim().toLowerCase();
    const existing = await repo.findUserByEmail(db, normalized);
    if (existing) {
      const role = await repo.findRole(db, existing.id);
      if (role !== 'admin') {
        throw new Error(
          `the address already has a ${role ?? 'role-less'} account; choose another admin email`,
        );
      }
      return 'exists';
    }
    const passwordHash = await this.hash(password);
    try {
      await db.transaction(async (tx) => {
        await repo.insertUser(tx, {
          email: normalized,
          passwordHash,
          fullName: 'Administrador',
          phone: null,
          cpf: null,
          role: 'admin' satisfies Role,
          verified: true,
        });
      });
    } catch (error) {
      // Instances starting together each find no admin; the one whose insert lost reads what won.
      if (!isUniqueViolation(error, 'users_email_unique')) throw error;
      return this.ensureAdmin(email, password);
    }
    return 'created';
  }

  private async queueVerification(tx: Queryable, userId: string, email: string, name: string) {
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
    await repo.insertAuthToken(tx, userId, 'email_verification', hashToken(token), expiresAt);
    const url = `${this.deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await this.queueEmail(tx, email, verificationEmail(name, url));
  }
}

const emailTaken = () =>
  conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken }, 'email_taken');
/** Internal signal only: a taken CPF is never told to the one signing up. */
class CpfTaken extends Error {}

const challengeExpired = () =>
  new AppError(401, ACCOUNT_MESSAGES.challengeExpired, { code: 'challenge_expired' });
