import { EMAIL_CHANGE_TTL_HOURS } from '@pulsa/shared/constants/business';
import {
  ACCOUNT_MESSAGES,
  type AccountSecurity,
  type AccountSession,
  type ChangePasswordInput,
  type ReauthenticateInput,
  type TrustedDevice,
  type TwoFactorSetup,
} from '@pulsa/shared/schemas/account';
import { AUTH_MESSAGES, type SessionUser } from '@pulsa/shared/schemas/auth';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dataKeyOf } from '../../lib/encryption.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { SessionInfo } from '../../plugins/session.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import {
  accountPasswordChangedEmail,
  emailChangeConfirmEmail,
  emailChangedEmail,
  emailChangeRequestedEmail,
  twoFactorChangedEmail,
} from '../email/email.templates.ts';
import { THROTTLE_MESSAGES, Throttle } from '../security/throttle.ts';
import * as repo from './account.repository.ts';
import { describeUserAgent, maskIpAddress } from './devices.ts';
import { assertPasswordNotCommon } from './password-policy.ts';
import { checkSecondFactor, recoveryCodeHash } from './second-factor.ts';
import { acceptedTimeStep, newRecoveryCodes, newTotpSecret, totpEnrolment } from './totp.ts';

export interface AccountDeps {
  db: Db;
  config: AppConfig;
  /** Called after a transaction that wrote to the outbox has committed. */
  onEmailQueued: () => void;
}

/** The signed-in user's own security: two-factor, re-authentication, sessions, password, email. */
export class AccountService {
  private readonly deps: AccountDeps;
  /** Sign-in's per-account limits, which re-authentication shares (the same database counters). */
  private readonly throttle: Throttle;

  constructor(deps: AccountDeps) {
    this.deps = deps;
    this.throttle = new Throttle(deps.db);
  }

  /** TOTP secrets are stored encrypted with the installation's data key (decision 038). */
  private get encryptionKey(): Buffer {
    return dataKeyOf(this.deps.config);
  }

  async security(user: SessionUser): Promise<AccountSecurity> {
    const { db } = this.deps;
    return {
      email: user.email,
      twoFactorEnabled: !!user.twoFactorEnabled,
      twoFactorRequired: user.role === 'admin',
      recoveryCodesLeft: user.twoFactorEnabled ? await repo.countRecoveryCodesLeft(db, user.id) : 0,
      pendingEmail: await repo.pendingEmailChange(db, user.id),
    };
  }

  /**
   * Password, plus a code when two-factor is on; opens the re-authentication window of this session.
   * Throttled like sign-in, on the same counts: wrong passwords count toward the account's sign-in
   * back-off, wrong codes toward its second-factor lock.
   */
  async reauthenticate(user: SessionUser, session: SessionInfo, input: ReauthenticateInput): Promise<void> {
    const { db, onEmailQueued } = this.deps;
    const { throttle } = this;
    await throttle.assertSignInAllowed(user.email, THROTTLE_MESSAGES.reauth);
    const credentials = await repo.findCredentials(db, user.id);
    if (!credentials || !(await verifyPassword(input.password, credentials.passwordHash))) {
      await throttle.signInFailed(user.email);
      throw badRequest(
        ACCOUNT_MESSAGES.wrongPassword,
        { password: ACCOUNT_MESSAGES.wrongPassword },
        'wrong_password',
      );
    }
    if (user.twoFactorEnabled) {
      if (!input.code)
        throw badRequest(
          ACCOUNT_MESSAGES.codeRequired,
          { code: ACCOUNT_MESSAGES.codeRequired },
          'code_required',
        );
      if (
        !(await checkSecondFactor(
          { db, encryptionKey: this.encryptionKey, throttle, onEmailQueued },
          user.id,
          input.code,
        ))
      )
        throw badRequest(
          ACCOUNT_MESSAGES.invalidCode,
          { code: ACCOUNT_MESSAGES.invalidCode },
          'invalid_code',
        );
    }
    await throttle.signInSucceeded(user.email);
    await repo.markSessionAuthenticated(db, session.id, !!user.twoFactorEnabled);
  }

  // ── Two-factor ──

  async startTwoFactorSetup(user: SessionUser): Promise<TwoFactorSetup> {
    if (user.twoFactorEnabled)
      throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyEnabled, undefined, 'two_factor_enabled');
    const secret = newTotpSecret();
    await repo.savePendingSecret(this.deps.db, user.id, secret, this.encryptionKey);
    return totpEnrolment(secret, user.email);
  }

  /** The first code confirms the enrolment; answers the ten recovery codes, shown only now. */
  async enableTwoFactor(user: SessionUser, session: SessionInfo, code: string): Promise<string[]> {
    const { db } = this.deps;
    const pending = await repo.findTwoFactor(db, user.id, this.encryptionKey);
    if (pending?.enabledAt)
      throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyEnabled, undefined, 'two_factor_enabled');
    if (!pending)
      throw badRequest(ACCOUNT_MESSAGES.twoFactorSetupMissing, undefined, 'two_factor_setup_missing');
    const step = await acceptedTimeStep(pending.secret, code, null);
    if (step === null)
      throw badRequest(ACCOUNT_MESSAGES.invalidCode, { code: ACCOUNT_MESSAGES.invalidCode }, 'invalid_code');
    const codes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      if (!(await repo.enableTwoFactor(tx, user.id, step)))
        throw conflict(ACCOUNT_MESSAGES.twoFactorAlreadyEnabled, undefined, 'two_factor_enabled');
      await repo.replaceRecoveryCodes(
        tx,
        user.id,
        codes.map((c) => recoveryCodeHash(user.id, c)),
      );
      // The first code was given in this session: it may go on changing the settings it just made.
      await repo.markSecondFactorGiven(tx, session.id);
      await enqueueEmail(tx, user.email, twoFactorChangedEmail(user.name, true));
    });
    this.deps.onEmailQueued();
    return codes;
  }

  async disableTwoFactor(user: SessionUser): Promise<void> {
    const { db } = this.deps;
    if (user.role === 'admin') throw forbidden(ACCOUNT_MESSAGES.adminCannotDisable, 'two_factor_required');
    if (!user.twoFactorEnabled)
      throw badRequest(ACCOUNT_MESSAGES.twoFactorNotEnabled, undefined, 'two_factor_disabled');
    await db.transaction(async (tx) => {
      await repo.deleteTwoFactor(tx, user.id);
      await repo.deleteTrustedDevices(tx, user.id);
      await enqueueEmail(tx, user.email, twoFactorChangedEmail(user.name, false));
    });
    this.deps.onEmailQueued();
  }

  async regenerateRecoveryCodes(user: SessionUser): Promise<string[]> {
    if (!user.twoFactorEnabled)
      throw badRequest(ACCOUNT_MESSAGES.twoFactorNotEnabled, undefined, 'two_factor_disabled');
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(
      this.deps.db,
      user.id,
      codes.map((c) => recoveryCodeHash(user.id, c)),
    );
    return codes;
  }

  // ── Sessions ──

  async listSessions(user: SessionUser, current: SessionInfo): Promise<AccountSession[]> {
    const rows = await repo.listSessions(this.deps.db, user.id);
    return rows.map((row) => ({
      id: row.publicId,
      ...describeUserAgent(row.userAgent),
      ipAddress: maskIpAddress(row.ipAddress),
      createdAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      current: row.id === current.id,
    }));
  }

  /** Ends one of the user's own sessions (another user's id is simply not found). */
  async endSession(user: SessionUser, publicId: string): Promise<void> {
    if (!(await repo.deleteSessionOf(this.deps.db, user.id, publicId)))
      throw notFound(ACCOUNT_MESSAGES.sessionNotFound);
  }

  /** "Encerrar todas as outras": the other sessions end and the other remembered devices are forgotten. */
  async endOtherSessions(user: SessionUser, current: SessionInfo): Promise<number> {
    return this.deps.db.transaction(async (tx) => {
      const ended = await repo.deleteOtherSessions(tx, user.id, current.id);
      await repo.deleteTrustedDevices(tx, user.id, current.trustedDeviceId);
      return ended;
    });
  }

  // ── Remembered devices ──

  async listTrustedDevices(user: SessionUser, current: SessionInfo): Promise<TrustedDevice[]> {
    const rows = await repo.listTrustedDevices(this.deps.db, user.id);
    return rows.map((row) => ({
      id: row.id,
      ...describeUserAgent(row.userAgent),
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      current: row.id === current.trustedDeviceId,
    }));
  }

  /** "Esquecer": that browser needs the code again at its next sign-in (its open session stays). */
  async forgetTrustedDevice(user: SessionUser, id: string): Promise<void> {
    if (!(await repo.deleteTrustedDeviceOf(this.deps.db, user.id, id)))
      throw notFound(ACCOUNT_MESSAGES.deviceNotFound);
  }

  // ── Password and email ──

  /** Current password required; the other sessions and remembered devices end. */
  async changePassword(user: SessionUser, current: SessionInfo, input: ChangePasswordInput): Promise<void> {
    const { db } = this.deps;
    const credentials = await repo.findCredentials(db, user.id);
    if (!credentials || !(await verifyPassword(input.currentPassword, credentials.passwordHash)))
      throw badRequest(
        ACCOUNT_MESSAGES.currentPasswordWrong,
        { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
        'wrong_password',
      );
    if (input.newPassword === input.currentPassword)
      throw badRequest(
        ACCOUNT_MESSAGES.samePassword,
        { newPassword: ACCOUNT_MESSAGES.samePassword },
        'same_password',
      );
    await assertPasswordNotCommon(input.newPassword, 'newPassword', [user.name, user.email]);
    const passwordHash = await hashPassword(input.newPassword, this.deps.config.passwordCost);
    await db.transaction(async (tx) => {
      await repo.updatePassword(tx, user.id, passwordHash);
      await repo.deleteOtherSessions(tx, user.id, current.id);
      await repo.deleteTrustedDevices(tx, user.id);
      await enqueueEmail(tx, user.email, accountPasswordChangedEmail(user.name));
    });
    this.deps.onEmailQueued();
  }

  /** Sends a link to the new address and a notice to the current one; nothing changes until the link. */
  async requestEmailChange(user: SessionUser, newEmail: string): Promise<void> {
    const { db, config } = this.deps;
    if (newEmail === user.email)
      throw badRequest(ACCOUNT_MESSAGES.sameEmail, { newEmail: ACCOUNT_MESSAGES.sameEmail }, 'same_email');
    if (await repo.emailInUse(db, newEmail))
      throw conflict(AUTH_MESSAGES.emailTaken, { newEmail: AUTH_MESSAGES.emailTaken }, 'email_taken');
    const token = newSecretToken();
    await db.transaction(async (tx) => {
      await repo.insertEmailChange(tx, {
        userId: user.id,
        newEmail,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 3_600_000),
      });
      const url = `${config.appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, newEmail, emailChangeConfirmEmail(user.name, url), {
        encryptionKey: this.deps.config.dataEncryptionKey,
      });
      await enqueueEmail(tx, user.email, emailChangeRequestedEmail(user.name, newEmail));
    });
    this.deps.onEmailQueued();
  }

  async confirmEmailChange(token: string): Promise<void> {
    const { db } = this.deps;
    const change = await repo.findEmailChange(db, hashToken(token));
    if (!change || change.usedAt || change.expiresAt.getTime() < Date.now())
      throw badRequest(ACCOUNT_MESSAGES.invalidEmailChangeLink, undefined, 'invalid_link');
    try {
      await db.transaction(async (tx) => {
        if (!(await repo.consumeEmailChange(tx, change.id)))
          throw badRequest(ACCOUNT_MESSAGES.invalidEmailChangeLink, undefined, 'invalid_link');
        const before = await repo.findCredentials(tx, change.userId);
        if (!before) throw badRequest(ACCOUNT_MESSAGES.invalidEmailChangeLink, undefined, 'invalid_link');
        if (await repo.emailInUse(tx, change.newEmail)) throw emailTaken();
        await repo.updateEmail(tx, change.userId, change.newEmail);
        // A device remembered under the old address signs in with the password alone no more.
        await repo.deleteTrustedDevices(tx, change.userId);
        await enqueueEmail(tx, before.email, emailChangedEmail(before.fullName, change.newEmail));
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
      throw error;
    }
    this.deps.onEmailQueued();
  }
}

const emailTaken = () => conflict(AUTH_MESSAGES.emailTaken, undefined, 'email_taken');
