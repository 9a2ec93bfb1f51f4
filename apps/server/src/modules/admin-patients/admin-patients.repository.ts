import { and, asc, count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { userProfiles, userRoles } from '../../db/schema.ts';
import type { AdminPatient, AdminPatientQuery } from './admin-patients.schemas.ts';

/** `%`, `_` and `\` typed by the admin are searched for literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The search condition: name and e-mail contain the text (case-insensitive); CPF and phone, stored
 * digits-only, contain its digits when it has any. Plain column ILIKE/LIKE, so trigram GIN indexes
 * on these columns serve it (see docs/decisions/012-admin-patient-list.md).
 */
export function patientSearch(q: string | undefined): SQL | undefined {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const digits = text.replace(/\D/g, '');
  const conditions = [ilike(userProfiles.fullName, pattern), ilike(userProfiles.email, pattern)];
  // Only a search that is mostly digits ("529.982", "(11) 9876") looks into CPF and phone.
  if (digits.length >= 3 && digits.length >= text.replace(/[\s().\-/]/g, '').length) {
    const digitPattern = `%${digits}%`;
    conditions.push(like(userProfiles.cpf, digitPattern), like(userProfiles.phone, digitPattern));
  }
  return or(...conditions);
}

export async function listPatients(db: Queryable, query: AdminPatientQuery) {
  const where = and(eq(userRoles.role, 'patient'), patientSearch(query.q));
  const direction = query.order === 'desc' ? desc : asc;
  // Without a chosen sort the newest sign-ups come first.
  const orderBy =
    query.sort === 'name'
      ? [direction(userProfiles.fullName), asc(userProfiles.id)]
      : query.sort === 'createdAt'
        ? [direction(userProfiles.createdAt), asc(userProfiles.id)]
        : [desc(userProfiles.createdAt), asc(userProfiles.id)];

  const rows = await db
    .select({
      id: userProfiles.id,
      fullName: userProfiles.fullName,
      email: userProfiles.email,
      phone: userProfiles.phone,
      cpf: userProfiles.cpf,
      avatarUrl: userProfiles.profileImageUrl,
      createdAt: userProfiles.createdAt,
    })
    .from(userRoles)
    .innerJoin(userProfiles, eq(userProfiles.id, userRoles.userId))
    .where(where)
    .orderBy(...orderBy)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const [total] = await db
    .select({ n: count() })
    .from(userRoles)
    .innerJoin(userProfiles, eq(userProfiles.id, userRoles.userId))
    .where(where);

  const items: AdminPatient[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  return { items, total: total?.n ?? 0 };
}
