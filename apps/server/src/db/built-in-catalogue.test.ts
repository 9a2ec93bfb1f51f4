import { count, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createPatient } from '../seed/factories.ts';
import { testDatabase } from '../test/test-database.ts';
import { addBuiltInSpecialtiesToNewDatabase } from './built-in-catalogue.ts';
import type { Database } from './client.ts';
import { specialties } from './schema.ts';

let database: Database;
beforeEach(async () => {
  database = await testDatabase();
});

const specialtyCount = async () => (await database.db.select({ n: count() }).from(specialties))[0]?.n;

describe('built-in specialties on a new database', () => {
  it('a brand-new database starts with the 51 specialties, once', async () => {
    expect(await addBuiltInSpecialtiesToNewDatabase(database.db)).toBe(51);
    expect(await specialtyCount()).toBe(51);
    const [cardio] = await database.db.select().from(specialties).where(eq(specialties.slug, 'cardiologia'));
    expect(cardio?.name).toBe('Cardiologia');
    expect(await addBuiltInSpecialtiesToNewDatabase(database.db)).toBe(0);
    expect(await specialtyCount()).toBe(51);
  });

  it('a database in use is left alone, even with no specialty left', async () => {
    await createPatient(database.db);
    expect(await addBuiltInSpecialtiesToNewDatabase(database.db)).toBe(0);
    expect(await specialtyCount()).toBe(0);
  });
});
