import type { AuditEntry, AuditQuery } from '@pulsa/shared/schemas/audit';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { and, asc, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { pageFromWindow, totalOver } from '../../db/paging.ts';
import { auditLog, userProfiles } from '../../db/schema.ts';

export type AuditRow = typeof auditLog.$inferInsert;

export async function insertAudit(tx: Queryable, row: AuditRow): Promise<void> {
  await tx.insert(auditLog).values(row);
}

/** Keys whose values are never shown, whatever module wrote them (a module should mask them first). */
const SECRET_KEY = /password|secret|token|senha|private|apikey|api_key/i;
export const REDACTED = '••••••';

/** The recorded state with every secret-looking value replaced, at any depth. */
export function redactSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        SECRET_KEY.test(key) && v !== null && v !== '' && typeof v !== 'boolean'
          ? REDACTED
          : redactSecrets(v),
      ]),
    );
  return value;
}

/** The next calendar day of "yyyy-MM-dd", so a period's end day is included whole. */
function dayAfter(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** A day in Brazil's time (the team's), as the instant it starts. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00-03:00`);

export async function listAudit(db: Queryable, query: AuditQuery): Promise<PageResult<AuditEntry>> {
  const conditions: SQL[] = [];
  if (query.actorId) conditions.push(eq(auditLog.actorId, query.actorId));
  if (query.entity) conditions.push(eq(auditLog.entity, query.entity));
  if (query.from) conditions.push(gte(auditLog.createdAt, startOfDay(query.from)));
  if (query.to) conditions.push(lt(auditLog.createdAt, startOfDay(dayAfter(query.to))));
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      sql`(lower(${auditLog.action}) like ${pattern} or lower(${auditLog.entityId}) like ${pattern})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: userProfiles.fullName,
      actorEmail: userProfiles.email,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      reason: auditLog.reason,
      ip: auditLog.ip,
      before: auditLog.before,
      after: auditLog.after,
      total: totalOver(),
    })
    .from(auditLog)
    .leftJoin(userProfiles, eq(userProfiles.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return pageFromWindow(
    rows,
    query,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(auditLog)
          .where(where)
      )[0]?.n ?? 0,
    (r) => ({
      id: r.id,
      createdAt: r.createdAt.toISOString(),
      actor: r.actorId ? { id: r.actorId, name: r.actorName ?? '', email: r.actorEmail ?? '' } : null,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      reason: r.reason,
      ip: r.ip,
      before: redactSecrets(r.before ?? null),
      after: redactSecrets(r.after ?? null),
    }),
  );
}

/** Everyone who has an entry, by name: the actor filter. */
export async function listAuditActors(db: Queryable) {
  const actors = db.selectDistinct({ id: auditLog.actorId }).from(auditLog).as('actors');
  return db
    .select({ id: userProfiles.id, name: userProfiles.fullName, email: userProfiles.email })
    .from(userProfiles)
    .where(inArray(userProfiles.id, db.select({ id: actors.id }).from(actors)))
    .orderBy(asc(userProfiles.fullName));
}
