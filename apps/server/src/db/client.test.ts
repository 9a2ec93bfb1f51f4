import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../test/test-database.ts';

describe('database adapter', () => {
  it('delivers NOTIFY to a listener only after the transaction commits', async () => {
    const database = await testDatabase();
    const received: string[] = [];
    const stop = await database.listen('pulsa_test_channel', (payload) => received.push(payload));
    try {
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify('pulsa_test_channel', 'olá')`);
        await new Promise((r) => setTimeout(r, 100));
        expect(received).toEqual([]);
      });
      const deadline = Date.now() + 3000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(['olá']);
    } finally {
      await stop();
    }
  });

  it('reports unique violations with the constraint name on this driver', async () => {
    const database = await testDatabase();
    const { isUniqueViolation } = await import('../lib/errors.ts');
    await database.db.execute(sql`insert into specialties (name, slug) values ('A', 'a')`);
    const error = await database.db
      .execute(sql`insert into specialties (name, slug) values ('A', 'b')`)
      .catch((e) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'specialties_name_unique')).toBe(true);
    expect(isUniqueViolation(error, 'other')).toBe(false);
  });
});
