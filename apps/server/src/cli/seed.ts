import { count } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { seedSpecialties } from '../db/built-in-catalogue.ts';
import { openDatabase } from '../db/client.ts';
import { specialties } from '../db/schema.ts';

/** `npm run db:seed`: the 51 built-in specialties into the configured database; safe to repeat. */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const before = await specialtyCount();
  const all = await seedSpecialties(database.db);
  console.log(`Specialties: ${all.size} in the catalogue, ${all.size - before} added.`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}

async function specialtyCount() {
  const [row] = await database.db.select({ n: count() }).from(specialties);
  return row?.n ?? 0;
}
