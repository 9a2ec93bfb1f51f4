import { DEFAULT_COMMISSION_PERCENT } from '@pulsa/shared/constants/business';
import {
  bpToPercent,
  type CommissionInput,
  type CommissionList,
  type CommissionSetting,
  type CommissionVersion,
  COMMISSION_MESSAGES as M,
  percentToBp,
} from '@pulsa/shared/schemas/commissions';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  activeDefault,
  activeRulesFor,
  type CommissionRow,
  type CommissionState,
  insertRule,
  listRules,
  lockRule,
  lockRules,
  ruleVersions,
  ruleWithSpecialty,
  specialtyExists,
  writeVersion,
} from './commissions.repository.ts';

/**
 * Commission rules (decision 081). A booking pays the active rule of the doctor's specialty, else
 * the active default, else the spec's 10 %; it keeps the rule's id, version and percentage. Rules
 * are versioned: an edit writes a new version and past payments keep theirs. Exactly one active
 * default once one exists (a partial unique index; the service moves the badge). Every change is
 * audited.
 */

/** Commission when no rule is active (the spec's default), in basis points. */
export const DEFAULT_COMMISSION_BP = DEFAULT_COMMISSION_PERCENT * 100;

/** The rule a booking uses: its id and version (null for the fallback) and its basis points. */
export interface CommissionRule {
  settingId: string | null;
  version: number | null;
  percentageBp: number;
}

/** The active rule of the specialty, else the active default, else 10 %. */
export async function commissionFor(db: Queryable, specialtyId: string | null): Promise<CommissionRule> {
  const rows = await activeRulesFor(db, specialtyId);
  const rule = rows.find((r) => r.specialtyId !== null) ?? rows[0];
  return rule
    ? { settingId: rule.id, version: rule.version, percentageBp: rule.percentageBp }
    : { settingId: null, version: null, percentageBp: DEFAULT_COMMISSION_BP };
}

function toDto(row: CommissionRow, specialtyName: string | null): CommissionSetting {
  return {
    id: row.id,
    name: row.name,
    percentage: bpToPercent(row.percentageBp),
    specialtyId: row.specialtyId,
    specialtyName,
    isDefault: row.isDefault,
    isActive: row.isActive,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const stateOf = (row: CommissionRow): CommissionState => ({
  name: row.name,
  percentageBp: row.percentageBp,
  specialtyId: row.specialtyId,
  isDefault: row.isDefault,
  isActive: row.isActive,
});

const inputState = (input: CommissionInput): CommissionState => ({
  name: input.name,
  percentageBp: percentToBp(input.percentage),
  specialtyId: input.specialtyId,
  isDefault: input.isDefault,
  isActive: input.isActive,
});

const sameState = (a: CommissionState, b: CommissionState) =>
  a.name === b.name &&
  a.percentageBp === b.percentageBp &&
  a.specialtyId === b.specialtyId &&
  a.isDefault === b.isDefault &&
  a.isActive === b.isActive;

export async function listCommissions(db: Queryable): Promise<CommissionList> {
  const rows = await listRules(db);
  return {
    items: rows.map((r) => toDto(r.row, r.specialtyName)),
    fallbackPercentage: DEFAULT_COMMISSION_PERCENT,
  };
}

export interface Actor {
  id: string;
  ip?: string | null;
}

/** The database's constraints speak for races the lock did not see (another writer, a script). */
function translateConflict(error: unknown): never {
  if (isUniqueViolation(error, 'commission_settings_one_active_per_specialty_key'))
    throw conflict(M.specialtyTaken, { specialtyId: M.specialtyTaken }, 'specialty_taken');
  if (isUniqueViolation(error, 'commission_settings_one_active_default_key'))
    throw conflict(M.concurrentChange, undefined, 'concurrent_change');
  throw error;
}

async function checkSpecialty(tx: Queryable, specialtyId: string | null) {
  if (specialtyId && !(await specialtyExists(tx, specialtyId)))
    throw badRequest(M.specialtyNotFound, { specialtyId: M.specialtyNotFound }, 'specialty_not_found');
}

/** The one active default gives its badge to `newDefaultId`: a new version of it, audited. */
async function demoteDefault(tx: Queryable, actor: Actor, newDefaultId: string | null, now: Date) {
  const current = await activeDefault(tx);
  if (!current || current.id === newDefaultId) return;
  const before = stateOf(current);
  const after = { ...before, isDefault: false };
  await writeVersion(tx, current, after, actor.id, now);
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'commission.updated',
    entity: 'commission_setting',
    entityId: current.id,
    before: { ...before, version: current.version },
    after: { ...after, version: current.version + 1 },
    ip: actor.ip,
  });
}

async function inTransaction<T>(db: Queryable, work: (tx: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      await lockRules(tx);
      return work(tx);
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    translateConflict(error);
  }
}

export async function createCommission(
  db: Queryable,
  actor: Actor,
  input: CommissionInput,
  now = new Date(),
): Promise<CommissionSetting> {
  const id = await inTransaction(db, async (tx) => {
    await checkSpecialty(tx, input.specialtyId);
    const state = inputState(input);
    if (state.isDefault) await demoteDefault(tx, actor, null, now);
    const row = await insertRule(tx, state, actor.id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'commission.created',
      entity: 'commission_setting',
      entityId: row.id,
      after: { ...state, version: 1 },
      ip: actor.ip,
    });
    return row.id;
  });
  return getCommission(db, id);
}

/** An edit is a new version; saving the same values changes nothing. */
export async function updateCommission(
  db: Queryable,
  actor: Actor,
  id: string,
  input: CommissionInput,
  now = new Date(),
): Promise<CommissionSetting> {
  await inTransaction(db, async (tx) => {
    const current = await lockRule(tx, id);
    if (!current) throw notFound(M.notFound);
    await checkSpecialty(tx, input.specialtyId);
    const before = stateOf(current);
    const after = inputState(input);
    if (sameState(before, after)) return;
    // The active default stays until another takes its badge: there is always one.
    if (current.isDefault && current.isActive && !(after.isDefault && after.isActive))
      throw conflict(M.keepOneDefault, { isDefault: M.keepOneDefault }, 'keep_one_default');
    if (after.isDefault && !current.isDefault) await demoteDefault(tx, actor, id, now);
    await writeVersion(tx, current, after, actor.id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'commission.updated',
      entity: 'commission_setting',
      entityId: id,
      before: { ...before, version: current.version },
      after: { ...after, version: current.version + 1 },
      ip: actor.ip,
    });
  });
  return getCommission(db, id);
}

export async function getCommission(db: Queryable, id: string): Promise<CommissionSetting> {
  const row = await ruleWithSpecialty(db, id);
  if (!row) throw notFound(M.notFound);
  return toDto(row.row, row.specialtyName);
}

export async function commissionVersions(db: Queryable, id: string): Promise<CommissionVersion[]> {
  const rows = await ruleVersions(db, id);
  if (rows.length === 0) throw notFound(M.notFound);
  return rows.map(({ v, specialtyName, changedByName }) => ({
    version: v.version,
    name: v.name,
    percentage: bpToPercent(v.percentageBp),
    specialtyId: v.specialtyId,
    specialtyName,
    isDefault: v.isDefault,
    isActive: v.isActive,
    changedBy: v.changedBy ? { id: v.changedBy, name: changedByName ?? '' } : null,
    createdAt: v.createdAt.toISOString(),
  }));
}

/**
 * The default commission as the platform settings show it (the Geral tab): the active default
 * rule's percentage, else the spec's 10 %. The settings keep no copy of it.
 */
export async function defaultCommissionPercent(db: Queryable): Promise<number> {
  const { percentageBp } = await commissionFor(db, null);
  return bpToPercent(percentageBp);
}

/**
 * The settings' "Comissão padrão": a new version of the active default rule (or the first default
 * rule, "Padrão"), audited like any edit. Past bookings keep the version they were booked with.
 */
export async function setDefaultCommission(
  db: Queryable,
  actor: Actor,
  percentage: number,
  now = new Date(),
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const current = await activeDefault(tx);
    const percentageBp = percentToBp(percentage);
    if (!current) {
      if (percentageBp === DEFAULT_COMMISSION_BP) return;
      const state: CommissionState = {
        name: 'Padrão',
        percentageBp,
        specialtyId: null,
        isDefault: true,
        isActive: true,
      };
      const row = await insertRule(tx, state, actor.id, now);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'commission.created',
        entity: 'commission_setting',
        entityId: row.id,
        after: { ...state, version: 1 },
        ip: actor.ip,
      });
      return;
    }
    if (current.percentageBp === percentageBp) return;
    const before = stateOf(current);
    const after = { ...before, percentageBp };
    await writeVersion(tx, current, after, actor.id, now);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'commission.updated',
      entity: 'commission_setting',
      entityId: current.id,
      before: { ...before, version: current.version },
      after: { ...after, version: current.version + 1 },
      ip: actor.ip,
    });
  });
}
