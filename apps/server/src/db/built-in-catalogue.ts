import { SPECIALTY_SEED } from '@pulsa/shared/constants/specialties';
import { slugify } from '@pulsa/shared/format/slug';
import { count } from 'drizzle-orm';
import type { Db, Queryable } from './client.ts';
import { specialties, users } from './schema.ts';

/**
 * The 51 specialties are the platform's catalogue, not sample data: a brand-new database (no
 * account and no specialty yet) starts with them, so the public pages have something true to show.
 * A database in use is never touched, even if an admin has removed every specialty.
 * Returns how many were added.
 */
export async function addBuiltInSpecialtiesToNewDatabase(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [accounts] = await tx.select({ n: count() }).from(users);
    const [existing] = await tx.select({ n: count() }).from(specialties);
    if ((accounts?.n ?? 0) > 0 || (existing?.n ?? 0) > 0) return 0;
    return (await seedSpecialties(tx)).size;
  });
}

/** Inserts the 51 built-in specialties (skipping ones that exist) and returns them by name. */
export async function seedSpecialties(db: Queryable) {
  await db
    .insert(specialties)
    .values(
      SPECIALTY_SEED.map((s) => ({
        name: s.name,
        slug: slugify(s.name),
        description: s.description,
        icon: s.icon,
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(specialties);
  return new Map(rows.map((r) => [r.name, r]));
}
