import { and, desc, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  emailChanges,
  sessions,
  trustedDevices,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';

// ── Two-factor secret and recovery codes ──

/** The user's second factor with its TOTP secret decrypted (it is stored encrypted with `key`). */
export async function findTwoFactor(db: Queryable, userId: string, key: Buffer) {
  const [row] = await db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  return row && { ...row, secret: decryptText(key, row.secret) };
}

/** A new secret waiting for its first code; an enabled one is never replaced here. */
export async function savePendingSecret(db: Queryable, userId: string, secret: string, key: Buffer) {
  const stored = encryptText(key, secret);
  await db
    .insert(twoFactorSecrets)
    .values({ userId, secret: stored })
    .onConflictDoUpdate({
      target: twoFactorSecrets.userId,
      set: { secret: stored, lastTimeStep: null, createdAt: new Date() },
      setWhere: isNull(twoFactorSecrets.enabledAt),
    });
}

export async function enableTwoFactor(db: Queryable, userId: string, timeStep: number) {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ enabledAt: new Date(), lastTimeStep: timeStep })
    .where(and(eq(twoFactorSecrets.userId, userId), isNull(twoFactorSecrets.enabledAt)))
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

/** Records an accepted code's step; false when a concurrent request already used this step or a later one. */
export async function advanceTimeStep(db: Queryable, userId: string, timeStep: number) {
  const rows = await db
    .update(twoFactorSecrets)
    .set({ lastTimeStep: timeStep })
    .where(
      and(
        eq(twoFactorSecrets.userId, userId),
        or(isNull(twoFactorSecrets.lastTimeStep), lt(twoFactorSecrets.lastTimeStep, timeStep)),
      ),
    )
    .returning({ userId: twoFactorSecrets.userId });
  return rows.length === 1;
}

export async function deleteTwoFactor(db: Queryable, userId: string) {
  await db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, codeHashes: string[]) {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await db.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses an unused code once; false when it does not exist, is spent, or a concurrent request took it. */
export async function consumeRecoveryCode(db: Queryable, userId: string, codeHash: string) {
  const rows = await db
    .update(twoFactorRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, codeHash),
        isNull(twoFactorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorRecoveryCodes.id });
  return rows.length === 1;
}

export async function countRecoveryCodesLeft(db: Queryable, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

// ── Remembered devices (sign-in creates and uses them: auth.repository.ts) ──

export async function listTrustedDevices(db: Queryable, userId: string) {
  return db
    .select({
      id: trustedDevices.id,
      userAgent: trustedDevices.userAgent,
      createdAt: trustedDevices.createdAt,
      lastUsedAt: trustedDevices.lastUsedAt,
      expiresAt: trustedDevices.expiresAt,
    })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), gt(trustedDevices.expiresAt, new Date())))
    .orderBy(desc(trustedDevices.lastUsedAt));
}

/** Forgets one of the user's own remembered devices (another user's id is simply not found). */
export async function deleteTrustedDeviceOf(db: Queryable, userId: string, id: string) {
  const rows = await db
    .delete(trustedDevices)
    .where(and(eq(trustedDevices.userId, userId), eq(trustedDevices.id, id)))
    .returning({ id: trustedDevices.id });
  return rows.length === 1;
}

/** Forgets every remembered device of the user, except `keepId` when given. */
export async function deleteTrustedDevices(db: Queryable, userId: string, keepId?: string | null) {
  await db
    .delete(trustedDevices)
    .where(
      keepId
        ? and(eq(trustedDevices.userId, userId), ne(trustedDevices.id, keepId))
        : eq(trustedDevices.userId, userId),
    );
}

// ── Sessions ──

export async function listSessions(db: Queryable, userId: string) {
  return db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt));
}

export async function deleteSessionOf(db: Queryable, userId: string, publicId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

export async function deleteOtherSessions(db: Queryable, userId: string, keepId: string) {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** The password was just given in this session, and the second factor too when `secondFactor`. */
export async function markSessionAuthenticated(db: Queryable, sessionId: string, secondFactor: boolean) {
  const now = new Date();
  await db
    .update(sessions)
    .set(secondFactor ? { authenticatedAt: now, secondFactorAt: now } : { authenticatedAt: now })
    .where(eq(sessions.id, sessionId));
}

/** A second factor was just given in this session (the first code of an enrolment). */
export async function markSecondFactorGiven(db: Queryable, sessionId: string) {
  await db.update(sessions).set({ secondFactorAt: new Date() }).where(eq(sessions.id, sessionId));
}

// ── Password and email ──

export async function findCredentials(db: Queryable, userId: string) {
  const [row] = await db
    .select({
      email: users.email,
      passwordHash: users.passwordHash,
      fullName: userProfiles.fullName,
    })
    .from(users)
    .innerJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  return row;
}

export async function emailInUse(db: Queryable, email: string) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !!row;
}

export async function insertEmailChange(
  db: Queryable,
  input: { userId: string; newEmail: string; tokenHash: string; expiresAt: Date },
) {
  // A new request replaces the earlier pending ones.
  await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.userId, input.userId), isNull(emailChanges.usedAt)));
  await db.insert(emailChanges).values(input);
}

export async function findEmailChange(db: Queryable, tokenHash: string) {
  const [row] = await db.select().from(emailChanges).where(eq(emailChanges.tokenHash, tokenHash));
  return row;
}

export async function consumeEmailChange(db: Queryable, id: string) {
  const rows = await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.id, id), isNull(emailChanges.usedAt)))
    .returning({ id: emailChanges.id });
  return rows.length === 1;
}

export async function pendingEmailChange(db: Queryable, userId: string) {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row?.newEmail ?? null;
}

/** A new password hash, from the signed-in user's own change (a reset is the auth module's). */
export async function updatePassword(db: Queryable, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function updateEmail(db: Queryable, userId: string, email: string) {
  const now = new Date();
  await db.update(users).set({ email, updatedAt: now }).where(eq(users.id, userId));
  await db.update(userProfiles).set({ email, updatedAt: now }).where(eq(userProfiles.id, userId));
}
