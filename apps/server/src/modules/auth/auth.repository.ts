import type { Role } from '@pulsa/shared/constants/roles';
import { and, eq, gt, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  authTokens,
  doctorProfiles,
  knownDevices,
  sessions,
  signInChallenges,
  trustedDevices,
  twoFactorSecrets,
  userProfiles,
  userRoles,
  users,
} from '../../db/schema.ts';

export type AuthTokenKind = 'email_verification' | 'password_reset';

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      passwordHash: users.passwordHash,
      emailVerifiedAt: users.emailVerifiedAt,
      fullName: userProfiles.fullName,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.email, email));
  return row;
}

export async function cpfExists(db: Queryable, cpf: string) {
  const [row] = await db.select({ id: userProfiles.id }).from(userProfiles).where(eq(userProfiles.cpf, cpf));
  return !!row;
}

export async function insertUser(
  db: Queryable,
  input: {
    email: string;
    passwordHash: string;
    fullName: string;
    phone: string | null;
    cpf: string | null;
    role: Role;
    verified: boolean;
  },
) {
  const verifiedAt = input.verified ? new Date() : null;
  const [user] = await db
    .insert(users)
    .values({ email: input.email, passwordHash: input.passwordHash, emailVerifiedAt: verifiedAt })
    .returning({ id: users.id });
  const id = (user as { id: string }).id;
  await db.insert(userProfiles).values({
    id,
    fullName: input.fullName,
    email: input.email,
    phone: input.phone,
    cpf: input.cpf,
    emailVerified: input.verified,
  });
  await db.insert(userRoles).values({ userId: id, role: input.role });
  return id;
}

export async function insertAuthToken(
  db: Queryable,
  userId: string,
  kind: AuthTokenKind,
  tokenHash: string,
  expiresAt: Date,
) {
  // A new link replaces the earlier unused ones of the same kind.
  await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)));
  await db.insert(authTokens).values({ userId, kind, tokenHash, expiresAt });
}

export async function findAuthToken(db: Queryable, kind: AuthTokenKind, tokenHash: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.kind, kind), eq(authTokens.tokenHash, tokenHash)));
  return row;
}

/** Marks the token used only if nobody used it first; false when it lost that race. */
export async function consumeAuthToken(db: Queryable, id: string) {
  const rows = await db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}

export async function markEmailVerified(db: Queryable, userId: string) {
  const now = new Date();
  await db
    .update(users)
    .set({ emailVerifiedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)));
  await db
    .update(userProfiles)
    .set({ emailVerified: true, updatedAt: now })
    .where(eq(userProfiles.id, userId));
}

export async function isEmailVerified(db: Queryable, userId: string) {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return !!row?.at;
}

export async function updatePassword(db: Queryable, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function findProfileName(db: Queryable, userId: string) {
  const [row] = await db
    .select({ fullName: userProfiles.fullName, email: users.email })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function insertSession(
  db: Queryable,
  input: {
    id: string;
    userId: string;
    expiresAt: Date;
    userAgent: string | null;
    ipAddress: string | null;
    /** When the second factor was given to open it; null when it was not (none, or a remembered device). */
    secondFactorAt: Date | null;
    trustedDeviceId: string | null;
  },
) {
  await db.insert(sessions).values(input);
}

/** Moves the idle clock; at most once a minute per session, so reads stay reads. */
export async function touchSession(db: Queryable, id: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: new Date() })
    .where(and(eq(sessions.id, id), lt(sessions.lastSeenAt, new Date(Date.now() - 60_000))));
}

export async function deleteSession(db: Queryable, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session of the user, except `keep` when given. */
export async function deleteUserSessions(db: Queryable, userId: string, keep?: string) {
  await db
    .delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId));
}

/**
 * Asked on every signed-in request. The role and the second factor are scalar subqueries rather
 * than joins: the planner's work grows with each joined table, and planning was most of this
 * query's cost (0.76 → 0.33 ms on the embedded database).
 */
export async function findSessionUser(db: Queryable, sessionId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      name: userProfiles.fullName,
      avatarUrl: userProfiles.profileImageUrl,
      role: sql<Role>`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${sessions.userId})`,
      expiresAt: sessions.expiresAt,
      publicId: sessions.publicId,
      lastSeenAt: sessions.lastSeenAt,
      authenticatedAt: sessions.authenticatedAt,
      secondFactorAt: sessions.secondFactorAt,
      trustedDeviceId: sessions.trustedDeviceId,
      twoFactorEnabled: sql<boolean>`exists (select 1 from ${twoFactorSecrets} where ${twoFactorSecrets.userId} = ${sessions.userId} and ${twoFactorSecrets.enabledAt} is not null)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(userProfiles, eq(userProfiles.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())));
  return row;
}

export async function findRole(db: Queryable, userId: string) {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return row?.role;
}

/** A doctor starts with an empty, pending professional profile that they complete later. */
export async function insertEmptyDoctorProfile(db: Queryable, userId: string) {
  await db.insert(doctorProfiles).values({ userId });
}

/** Who holds a CPF, to tell them someone tried to sign up with it. */
export async function findCpfOwner(db: Queryable, cpf: string) {
  const [row] = await db
    .select({ email: users.email, fullName: userProfiles.fullName })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.id))
    .where(eq(userProfiles.cpf, cpf));
  return row;
}

// ── Sign-in's second step: pending challenges, remembered and known devices ──

export async function insertChallenge(db: Queryable, id: string, userId: string, expiresAt: Date) {
  // One pending challenge per user: a new password step replaces the earlier one.
  await db.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
  await db.insert(signInChallenges).values({ id, userId, expiresAt });
}

export async function findChallenge(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(signInChallenges)
    .where(and(eq(signInChallenges.id, id), gt(signInChallenges.expiresAt, new Date())));
  return row;
}

/** Counts a wrong code; returns the attempts made so far. */
export async function countChallengeAttempt(db: Queryable, id: string) {
  const [row] = await db
    .update(signInChallenges)
    .set({ attempts: sql`${signInChallenges.attempts} + 1` })
    .where(eq(signInChallenges.id, id))
    .returning({ attempts: signInChallenges.attempts });
  return row?.attempts ?? Number.POSITIVE_INFINITY;
}

/** Ends the challenge; false when another request already did (a code step cannot succeed twice). */
export async function deleteChallenge(db: Queryable, id: string) {
  const rows = await db
    .delete(signInChallenges)
    .where(eq(signInChallenges.id, id))
    .returning({ id: signInChallenges.id });
  return rows.length === 1;
}

export async function insertTrustedDevice(
  db: Queryable,
  input: { userId: string; tokenHash: string; userAgent: string | null; expiresAt: Date },
): Promise<string> {
  const [row] = await db.insert(trustedDevices).values(input).returning({ id: trustedDevices.id });
  return (row as { id: string }).id;
}

/** The remembered device behind a cookie token, bound to its user and unexpired; marks it used. */
export async function useTrustedDevice(db: Queryable, userId: string, tokenHash: string) {
  const [row] = await db
    .update(trustedDevices)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(trustedDevices.userId, userId),
        eq(trustedDevices.tokenHash, tokenHash),
        gt(trustedDevices.expiresAt, new Date()),
      ),
    )
    .returning({ id: trustedDevices.id });
  return row?.id;
}

/** Records the device; answers whether it is new to an account that had signed in before. */
export async function rememberKnownDevice(db: Queryable, userId: string, deviceHash: string) {
  const [any] = await db
    .select({ hash: knownDevices.deviceHash })
    .from(knownDevices)
    .where(eq(knownDevices.userId, userId))
    .limit(1);
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceHash })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceHash],
      set: { lastSeenAt: new Date() },
    })
    .returning({ createdAt: knownDevices.createdAt, lastSeenAt: knownDevices.lastSeenAt });
  const row = inserted[0];
  const isNew = !!row && row.createdAt.getTime() === row.lastSeenAt.getTime();
  return { isNewDevice: isNew && !!any };
}

/** Whether the password step must be followed by a code. */
export async function twoFactorEnabled(db: Queryable, userId: string) {
  const [row] = await db
    .select({ userId: twoFactorSecrets.userId })
    .from(twoFactorSecrets)
    .where(and(eq(twoFactorSecrets.userId, userId), isNotNull(twoFactorSecrets.enabledAt)));
  return !!row;
}

/** Forgets every remembered device of the user (a password reset). */
export async function deleteUserTrustedDevices(db: Queryable, userId: string) {
  await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
}
