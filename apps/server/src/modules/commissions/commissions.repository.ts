import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { commissionSettings, commissionSettingVersions, specialties, userProfiles } from '../../db/schema.ts';

export type CommissionRow = typeof commissionSettings.$inferSelect;
export type CommissionState = Pick<
  CommissionRow,
  'name' | 'percentageBp' | 'specialtyId' | 'isDefault' | 'isActive'
>;

/** Serialises every change of the rules: two admins saving defaults at once cannot cross. */
export async function lockRules(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_settings'))`);
}

/** The active rule of the specialty and the active default (at most one each, by constraint). */
export async function activeRulesFor(db: Queryable, specialtyId: string | null) {
  return db
    .select({
      id: commissionSettings.id,
      version: commissionSettings.version,
      percentageBp: commissionSettings.percentageBp,
      specialtyId: commissionSettings.specialtyId,
    })
    .from(commissionSettings)
    .where(
      and(
        eq(commissionSettings.isActive, true),
        or(
          specialtyId ? eq(commissionSettings.specialtyId, specialtyId) : sql`false`,
          and(isNull(commissionSettings.specialtyId), eq(commissionSettings.isDefault, true)),
        ),
      ),
    );
}

const listColumns = {
  row: commissionSettings,
  specialtyName: specialties.name,
};

/** Every rule: defaults first, then active ones, then by name. A few dozen rows at most. */
export async function listRules(db: Queryable) {
  return db
    .select(listColumns)
    .from(commissionSettings)
    .leftJoin(specialties, eq(specialties.id, commissionSettings.specialtyId))
    .orderBy(
      desc(commissionSettings.isDefault),
      desc(commissionSettings.isActive),
      asc(commissionSettings.name),
      asc(commissionSettings.createdAt),
    );
}

export async function ruleWithSpecialty(db: Queryable, id: string) {
  const [row] = await db
    .select(listColumns)
    .from(commissionSettings)
    .leftJoin(specialties, eq(specialties.id, commissionSettings.specialtyId))
    .where(eq(commissionSettings.id, id));
  return row;
}

export async function lockRule(tx: Queryable, id: string): Promise<CommissionRow | undefined> {
  const [row] = await tx.select().from(commissionSettings).where(eq(commissionSettings.id, id)).for('update');
  return row;
}

export async function activeDefault(tx: Queryable): Promise<CommissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(commissionSettings)
    .where(and(eq(commissionSettings.isDefault, true), eq(commissionSettings.isActive, true)))
    .for('update');
  return row;
}

export async function specialtyExists(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db.select({ id: specialties.id }).from(specialties).where(eq(specialties.id, id));
  return !!row;
}

/** A new rule at version 1, with its first version kept. */
export async function insertRule(tx: Queryable, state: CommissionState, changedBy: string, now: Date) {
  const [row] = await tx
    .insert(commissionSettings)
    .values({ ...state, version: 1, createdAt: now, updatedAt: now })
    .returning();
  const created = row as CommissionRow;
  await tx
    .insert(commissionSettingVersions)
    .values({ settingId: created.id, version: 1, ...state, changedBy, createdAt: now });
  return created;
}

/** The rule's next version: the current row changes, the version is appended. */
export async function writeVersion(
  tx: Queryable,
  current: CommissionRow,
  state: CommissionState,
  changedBy: string,
  now: Date,
) {
  const version = current.version + 1;
  const [row] = await tx
    .update(commissionSettings)
    .set({ ...state, version, updatedAt: now })
    .where(eq(commissionSettings.id, current.id))
    .returning();
  await tx
    .insert(commissionSettingVersions)
    .values({ settingId: current.id, version, ...state, changedBy, createdAt: now });
  return row as CommissionRow;
}

export async function ruleVersions(db: Queryable, id: string) {
  return db
    .select({
      v: commissionSettingVersions,
      specialtyName: specialties.name,
      changedByName: userProfiles.fullName,
    })
    .from(commissionSettingVersions)
    .leftJoin(specialties, eq(specialties.id, commissionSettingVersions.specialtyId))
    .leftJoin(userProfiles, eq(userProfiles.id, commissionSettingVersions.changedBy))
    .where(eq(commissionSettingVersions.settingId, id))
    .orderBy(desc(commissionSettingVersions.version));
}
