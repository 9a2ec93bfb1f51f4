import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabase, testDatabaseUrl } from '../test/test-database.ts';
import { type Database, openPostgres } from './client.ts';
import { isConflict, sqlStateOf } from './conflict-retry.ts';

describe('sqlStateOf', () => {
  it('finds the driver error through the wrappers', () => {
    const driver = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    expect(sqlStateOf(new Error('Failed query', { cause: driver }))).toBe('40P01');
    expect(isConflict(new Error('Failed query', { cause: driver }))).toBe(true);
    expect(isConflict(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(sqlStateOf(Object.assign(new Error('fs'), { code: 'ENOENT' }))).toBeUndefined();
  });
});

/**
 * Two transactions that lock two rows in opposite orders deadlock; PostgreSQL aborts one. Through
 * the app's database both still commit: the aborted one runs again from the start.
 */
describe.skipIf(!testDatabaseUrl())('a deadlocked transaction runs again (PostgreSQL)', () => {
  let one: Database;
  let two: Database;
  beforeAll(async () => {
    const base = await testDatabase();
    await base.db.execute(
      sql`create table if not exists conflict_probe (id int primary key, n int not null)`,
    );
    await base.db.execute(sql`insert into conflict_probe values (1, 0), (2, 0)`);
    one = await openPostgres(testDatabaseUrl() as string);
    two = await openPostgres(testDatabaseUrl() as string);
  });
  afterAll(async () => {
    await one.close();
    await two.close();
  });

  it('both commit, each once, and the retry is reported', async () => {
    const retries: string[] = [];
    one.onConflictRetry(({ sqlState }) => retries.push(sqlState));
    two.onConflictRetry(({ sqlState }) => retries.push(sqlState));
    let firstLocked: () => void = () => {};
    const firstHolds = new Promise<void>((r) => {
      firstLocked = r;
    });
    let secondLocked: () => void = () => {};
    const secondHolds = new Promise<void>((r) => {
      secondLocked = r;
    });
    const bump = (id: number) => sql`update conflict_probe set n = n + 1 where id = ${id}`;
    const a = one.db.transaction(async (tx) => {
      await tx.execute(bump(1));
      firstLocked();
      await secondHolds;
      await tx.execute(bump(2));
    });
    const b = two.db.transaction(async (tx) => {
      await firstHolds;
      await tx.execute(bump(2));
      secondLocked();
      await tx.execute(bump(1));
    });
    await expect(Promise.all([a, b])).resolves.toBeDefined();
    expect(retries).toEqual(['40P01']);
    const rows = await one.db.execute<{ id: number; n: number }>(
      sql`select id, n from conflict_probe order by id`,
    );
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
