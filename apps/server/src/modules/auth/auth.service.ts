import {
  EMAIL_VERIFICATION_TTL_HOURS,
  PASSWORD_RESET_TTL_MINUTES,
  SESSION_TTL_DAYS,
} from '@pulsa/shared/constants/business';
import type { Role } from '@pulsa/shared/constants/roles';
import { AUTH_MESSAGES, type RegisterData, type SessionUser } from '@pulsa/shared/schemas/auth';
import type { AppConfig } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { passwordChangedEmail, passwordResetEmail, verificationEmail } from '../email/email.templates.ts';
import * as repo from './auth.repository.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from './password.ts';
import { hashToken, newSecretToken } from './tokens.ts';

export interface AuthDeps {
  db: Db;
  config: AppConfig;
  /** Called after a transaction that wrote to the outbox has committed. */
  onEmailQueued: () => void;
}

/** Account rules: sign-up, e-mail confirmation, sign-in, sessions and password reset. */
export class AuthService {
  constructor(private readonly deps: AuthDeps) {}

  async register(input: RegisterData): Promise<{ userId: string }> {
    const { db } = this.deps;
    const passwordHash = await hashPassword(input.password);
    let userId: string;
    try {
      userId = await db.transaction(async (tx) => {
        const existing = await repo.findUserByEmail(tx, input.email);
        if (existing) throw emailTaken();
        if (await repo.cpfExists(tx, input.cpf)) throw cpfTaken();
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
      if (isUniqueViolation(error, 'user_profiles_cpf_key')) throw cpfTaken();
      throw error;
    }
    this.deps.onEmailQueued();
    return { userId };
  }

  /** Same answer whether or not the address exists or is already confirmed. */
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

  async signIn(
    email: string,
    password: string,
    userAgent: string | null,
  ): Promise<{ token: string; user: SessionUser }> {
    const { db } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
    if (!user || !ok)
      throw new AppError(401, AUTH_MESSAGES.invalidCredentials, { code: 'invalid_credentials' });
    if (!user.emailVerifiedAt)
      throw new AppError(403, AUTH_MESSAGES.emailNotVerified, { code: 'email_not_verified' });
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_DAYS * 86_400_000);
    await repo.insertSession(db, hashToken(token), user.id, expiresAt, userAgent?.slice(0, 300) ?? null);
    const sessionUser = await this.sessionUser(token);
    if (!sessionUser) throw new Error('session vanished right after sign-in');
    return { token, user: sessionUser };
  }

  async signOut(token: string): Promise<void> {
    await repo.deleteSession(this.deps.db, hashToken(token));
  }

  async sessionUser(token: string): Promise<SessionUser | undefined> {
    const row = await repo.findSessionUser(this.deps.db, hashToken(token));
    if (!row) return undefined;
    return { id: row.id, email: row.email, name: row.name, role: row.role, avatarUrl: row.avatarUrl };
  }

  /** Same answer whether or not the address exists. */
  async requestPasswordReset(email: string): Promise<void> {
    const { db, config } = this.deps;
    const user = await repo.findUserByEmail(db, email);
    if (!user) return;
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    await db.transaction(async (tx) => {
      await repo.insertAuthToken(tx, user.id, 'password_reset', hashToken(token), expiresAt);
      const url = `${config.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await enqueueEmail(tx, user.email, passwordResetEmail(user.fullName, url));
    });
    this.deps.onEmailQueued();
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const { db } = this.deps;
    const row = await repo.findAuthToken(db, 'password_reset', hashToken(token));
    if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) {
      throw badRequest(AUTH_MESSAGES.invalidResetLink, undefined, 'invalid_link');
    }
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      if (!(await repo.consumeAuthToken(tx, row.id)))
        throw badRequest(AUTH_MESSAGES.invalidResetLink, undefined, 'invalid_link');
      await repo.updatePassword(tx, row.userId, passwordHash);
      // Whoever had the old password loses every open session.
      await repo.deleteUserSessions(tx, row.userId);
      // Following a link sent to the address proves it, like the confirmation link would.
      await repo.markEmailVerified(tx, row.userId);
      const profile = await repo.findProfileName(tx, row.userId);
      if (profile) await enqueueEmail(tx, profile.email, passwordChangedEmail(profile.fullName));
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
        throw new Error(`${normalized} already has a ${role ?? 'no'} account; choose another admin e-mail`);
      }
      return 'exists';
    }
    await db.transaction(async (tx) => {
      await repo.insertUser(tx, {
        email: normalized,
        passwordHash: await hashPassword(password),
        fullName: 'Administrador',
        phone: null,
        cpf: null,
        role: 'admin' satisfies Role,
        verified: true,
      });
    });
    return 'created';
  }

  private async queueVerification(tx: Queryable, userId: string, email: string, name: string) {
    const token = newSecretToken();
    const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_HOURS * 3_600_000);
    await repo.insertAuthToken(tx, userId, 'email_verification', hashToken(token), expiresAt);
    const url = `${this.deps.config.appUrl}/confirm-email?token=${encodeURIComponent(token)}`;
    await enqueueEmail(tx, email, verificationEmail(name, url));
  }
}

const emailTaken = () =>
  conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken }, 'email_taken');
const cpfTaken = () => conflict(AUTH_MESSAGES.cpfTaken, { cpf: AUTH_MESSAGES.cpfTaken }, 'cpf_taken');
