import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

/** Applies pending migrations to the configured database (the server also does this at start). */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  console.log(`Migrations applied (${database.driver === 'pglite' ? config.dataDir : 'DATABASE_URL'}).`);
} finally {
  await database.close();
}
