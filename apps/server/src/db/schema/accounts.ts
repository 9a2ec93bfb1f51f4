import type { BillingAddress } from '@pulsa/shared/schemas/appointments';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { authTokenKindEnum, createdAt, roleEnum, updatedAt } from './columns.ts';

/** Accounts, sessions, sign-in security and throttling counters. */
// ── Accounts ──────────────────────────────────────────────────────────────

/** Credentials. The person behind them lives in user_profiles (same id). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Digits only; unique while present (anonymised accounts clear it). */
    cpf: text('cpf'),
    profileImageUrl: text('profile_image_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    cpfVerified: boolean('cpf_verified').notNull().default(false),
    birthDate: date('birth_date'),
    /** The payer's address a boleto carries (shared billingAddressSchema), kept from the last boleto. */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_profiles_cpf_key').on(t.cpf),
    index('user_profiles_email_idx').on(t.email),
    index('user_profiles_created_at_idx').on(t.createdAt),
    // Substring search (ILIKE '%…%') over the lists that grow with the business.
    index('user_profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('user_profiles_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('user_profiles_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')),
    index('user_profiles_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/** One role per user, decided on the server. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_roles_role_idx').on(t.role, t.createdAt)],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    // ── account security (sessions list, idle timeout, re-authentication) ──
    /** What the user sees and names in "Encerrar": never the token's digest. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    ipAddress: text('ip_address'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time the password (and code, with 2FA) was given in this session. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Last time a second factor (TOTP or recovery code) was given in this session; null when it never
     * was (no two-factor, or a sign-in from a remembered device, which skips the code).
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** The remembered device this session was opened from or remembered by, if any. */
    trustedDeviceId: uuid('trusted_device_id').references(() => trustedDevices.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use email links (verification, password reset), stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: authTokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

// ── Account security: two-factor sign-in, trusted devices, email changes ──

/** One TOTP secret per user; enabledAt stays null until the first code confirms the enrolment. */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** Time step of the last accepted code: a code is never accepted twice. */
  lastTimeStep: integer('last_time_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored hashed. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** The password step passed, the code step pending: a short-lived, hashed, attempt-limited challenge. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/** "Lembrar este dispositivo por 30 dias": a random cookie token, stored hashed, bound to the user. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Last sign-in that skipped the code thanks to this device. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

/** Browsers that already signed in to an account (hashed device cookie): a new one gets an email. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** A requested change of email address, applied only when the link sent to the new one is followed. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

// ── Security: shared throttling counters ──────────────────────────────────

/**
 * Request counters every instance shares (per client address, per account, per recipient).
 * The key is a SHA-256 digest, so no email address or IP is stored here.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    /** Set by back-off: no attempt is accepted before this instant. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
);
