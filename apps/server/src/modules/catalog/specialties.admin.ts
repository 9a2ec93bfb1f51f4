import { SPECIALTY_SEED } from '@pulsa/shared/constants/specialties';
import { slugify } from '@pulsa/shared/format/slug';
import {
  type AdminSpecialty,
  type AdminSpecialtyQuery,
  type BuiltInSpecialtiesStatus,
  SPECIALTY_ADMIN_MESSAGES as M,
  type SpecialtyCsvInput,
  type SpecialtyCsvPreview,
  type SpecialtyCsvResult,
  type specialtyInputSchema,
  type specialtyStatusInputSchema,
} from '@pulsa/shared/schemas/specialties-admin';
import type { z } from 'zod';
import { seedSpecialties } from '../../db/built-in-catalogue.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { broadcastAdminChange } from '../live/live.events.ts';
import {
  adminSpecialtyPage,
  allSpecialties,
  countSpecialties,
  findSpecialtyForUpdate,
  insertSpecialties,
  lockSpecialtyList,
  type SpecialtyRow,
  updateSpecialty,
} from './catalog.repository.ts';
import { foldName, parseSpecialtyCsv, planSpecialtyImport } from './specialties.csv.ts';

/**
 * The admin's side of the specialty list (decision 095): the list with its doctors, creating,
 * editing, deactivating and reactivating one, the one-time load of the built-in list and the CSV
 * import. Every change is audited in its transaction; the public pages' shared cache follows by
 * itself (a trigger on specialties bumps the catalogue version, migration 0007).
 */

type Actor = { id: string; ip?: string };
type SpecialtyInput = z.output<typeof specialtyInputSchema>;
type StatusInput = z.output<typeof specialtyStatusInputSchema>;

const auditState = (s: SpecialtyRow) => ({
  name: s.name,
  slug: s.slug,
  description: s.description,
  icon: s.icon,
  active: s.deactivatedAt === null,
});

export function listAdminSpecialties(db: Queryable, query: AdminSpecialtyQuery) {
  return adminSpecialtyPage(db, query);
}

async function adminSpecialty(db: Queryable, id: string): Promise<AdminSpecialty> {
  const page = await adminSpecialtyPage(db, { page: 1, pageSize: 10, order: 'asc', status: 'all' }, id);
  const [row] = page.items;
  if (!row) throw notFound(M.notFound);
  return row;
}

/** Another specialty with the same name (case, accents and spacing aside) or the same address. */
function clash(all: SpecialtyRow[], name: string, slug: string | null, except?: string) {
  const folded = foldName(name);
  for (const s of all) {
    if (s.id === except) continue;
    if (foldName(s.name) === folded)
      return conflict(M.nameInUse, { name: M.nameInUse }, 'specialty_name_in_use');
    if (slug && s.slug === slug) return conflict(M.slugInUse, { name: M.slugInUse }, 'specialty_slug_in_use');
  }
  return undefined;
}

const uniqueClash = (error: unknown) =>
  isUniqueViolation(error) ? conflict(M.nameInUse, { name: M.nameInUse }, 'specialty_name_in_use') : error;

export async function createSpecialty(db: Db, actor: Actor, input: SpecialtyInput): Promise<AdminSpecialty> {
  const slug = slugify(input.name);
  if (!slug) throw badRequest(M.slugInvalid, { name: M.slugInvalid });
  try {
    const id = await db.transaction(async (tx) => {
      await lockSpecialtyList(tx);
      const problem = clash(await allSpecialties(tx), input.name, slug);
      if (problem) throw problem;
      const [created] = await insertSpecialties(tx, [
        {
          name: input.name,
          slug,
          description: input.description,
          ...(input.icon ? { icon: input.icon } : {}),
        },
      ]);
      if (!created) throw new Error('specialty not inserted');
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'specialty.created',
        entity: 'specialty',
        entityId: created.id,
        after: auditState(created),
        ip: actor.ip,
      });
      await broadcastAdminChange(tx, 'specialties');
      return created.id;
    });
    return adminSpecialty(db, id);
  } catch (error) {
    throw uniqueClash(error);
  }
}

/** Name, description and icon; the address stays, so links to the specialty's page keep working. */
export async function editSpecialty(
  db: Db,
  actor: Actor,
  id: string,
  input: SpecialtyInput,
): Promise<AdminSpecialty> {
  try {
    await db.transaction(async (tx) => {
      await lockSpecialtyList(tx);
      const before = await findSpecialtyForUpdate(tx, id);
      if (!before) throw notFound(M.notFound);
      const problem = clash(await allSpecialties(tx), input.name, null, id);
      if (problem) throw problem;
      const after = await updateSpecialty(tx, id, {
        name: input.name,
        description: input.description,
        icon: input.icon ?? before.icon,
      });
      if (!after) throw notFound(M.notFound);
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'specialty.updated',
        entity: 'specialty',
        entityId: id,
        before: auditState(before),
        after: auditState(after),
        ip: actor.ip,
      });
      await broadcastAdminChange(tx, 'specialties');
    });
  } catch (error) {
    throw uniqueClash(error);
  }
  return adminSpecialty(db, id);
}

/**
 * Deactivating hides the specialty from every new search and choice (catalog.repository's
 * activeSpecialty) while its doctors keep it; reactivating shows it again. The reason is audited.
 */
export async function setSpecialtyActive(
  db: Db,
  actor: Actor,
  id: string,
  input: StatusInput,
): Promise<AdminSpecialty> {
  await db.transaction(async (tx) => {
    const before = await findSpecialtyForUpdate(tx, id);
    if (!before) throw notFound(M.notFound);
    const active = before.deactivatedAt === null;
    if (active === input.active)
      throw conflict(active ? M.alreadyActive : M.alreadyInactive, undefined, 'same_status');
    const after = await updateSpecialty(tx, id, { deactivatedAt: input.active ? null : new Date() });
    if (!after) throw notFound(M.notFound);
    await recordAudit(tx, {
      actorId: actor.id,
      action: input.active ? 'specialty.reactivated' : 'specialty.deactivated',
      entity: 'specialty',
      entityId: id,
      before: auditState(before),
      after: auditState(after),
      reason: input.reason ?? null,
      ip: actor.ip,
    });
    await broadcastAdminChange(tx, 'specialties');
  });
  return adminSpecialty(db, id);
}

// ── The built-in list ─────────────────────────────────────────────────────

export async function builtInStatus(db: Queryable): Promise<BuiltInSpecialtiesStatus> {
  const existing = await countSpecialties(db);
  return { existing, builtIn: SPECIALTY_SEED.length, canLoad: existing === 0 };
}

/**
 * The spec's one-time button: the 51 built-in specialties, only into an empty list (a new
 * installation already starts with them, db/built-in-catalogue.ts).
 */
export async function loadBuiltInSpecialties(db: Db, actor: Actor): Promise<{ created: number }> {
  return db.transaction(async (tx) => {
    await lockSpecialtyList(tx);
    const existing = await countSpecialties(tx);
    if (existing > 0) throw conflict(M.builtInAlreadyLoaded(existing), undefined, 'specialties_exist');
    const created = (await seedSpecialties(tx)).size;
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'specialty.built_in_loaded',
      entity: 'specialty',
      entityId: 'built-in',
      after: { created },
      ip: actor.ip,
    });
    await broadcastAdminChange(tx, 'specialties');
    return { created };
  });
}

// ── CSV import ────────────────────────────────────────────────────────────

function parseInput(input: SpecialtyCsvInput) {
  return parseSpecialtyCsv(Buffer.from(input.contentBase64, 'base64'));
}

/** What the import would do with this file now; nothing is written. */
export async function previewSpecialtyCsv(
  db: Queryable,
  input: SpecialtyCsvInput,
): Promise<SpecialtyCsvPreview> {
  const parsed = parseInput(input);
  if (parsed.fileErrors.length) return planSpecialtyImport(parsed, []).preview;
  return planSpecialtyImport(parsed, await allSpecialties(db)).preview;
}

/**
 * Applies the file in one transaction, planned again against the list as it is under the lock (so
 * what it does is what a preview made now shows), all or nothing: a file with any error changes
 * nothing. Matching by name or address, it never creates a second specialty for the same name, so
 * importing the same file twice changes nothing the second time.
 */
export async function importSpecialtyCsv(
  db: Db,
  actor: Actor,
  input: SpecialtyCsvInput,
): Promise<SpecialtyCsvResult> {
  const parsed = parseInput(input);
  if (parsed.fileErrors.length) throw badRequest(parsed.fileErrors[0] ?? M.fixErrorsFirst);
  if (parsed.rows.length === 0) throw badRequest(M.nothingToImport);
  try {
    return await db.transaction(async (tx) => {
      await lockSpecialtyList(tx);
      const existing = await allSpecialties(tx);
      const { rows, preview } = planSpecialtyImport(parsed, existing);
      if (preview.summary.errors > 0) throw badRequest(M.fixErrorsFirst, undefined, 'csv_has_errors');
      const creating = rows.filter((r) => r.action === 'create');
      const created = await insertSpecialties(
        tx,
        creating.map((r) => ({
          name: r.name,
          slug: r.slug,
          description: r.description,
          ...(r.icon ? { icon: r.icon } : {}),
        })),
      );
      const byId = new Map(existing.map((s) => [s.id, s]));
      const updated: { before: ReturnType<typeof auditState>; after: ReturnType<typeof auditState> }[] = [];
      for (const r of rows) {
        if (r.action !== 'update' || !r.matchedId) continue;
        const before = byId.get(r.matchedId);
        if (!before) continue;
        const after = await updateSpecialty(tx, r.matchedId, {
          ...(r.changes.includes('name') ? { name: r.name } : {}),
          ...(r.changes.includes('description') ? { description: r.description } : {}),
          ...(r.changes.includes('icon') && r.icon ? { icon: r.icon } : {}),
        });
        if (after) updated.push({ before: auditState(before), after: auditState(after) });
      }
      const result = {
        created: created.length,
        updated: updated.length,
        unchanged: preview.summary.unchanged,
      };
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'specialty.imported',
        entity: 'specialty',
        entityId: input.fileName || 'csv',
        before: { updatedSpecialties: updated.map((u) => u.before) },
        after: {
          ...result,
          createdSpecialties: created.map(auditState),
          updatedSpecialties: updated.map((u) => u.after),
        },
        ip: actor.ip,
      });
      await broadcastAdminChange(tx, 'specialties');
      return result;
    });
  } catch (error) {
    throw uniqueClash(error);
  }
}
