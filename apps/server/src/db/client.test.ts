import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabase, testDatabaseUrl } from '../test/test-database.ts';
import { openPostgres } from './client.ts';
import { specialties } from './schema.ts';

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
    // The worker's first test: opening its database migrates every migration first.
  }, 60_000);

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

describe.skipIf(!testDatabaseUrl())('PostgreSQL behind a transaction pooler (decision 137)', () => {
  it('migrates and listens on the direct address alone: the pooled one is never asked for a session', async () => {
    await testDatabase();
    const direct = new URL(testDatabaseUrl() as string);
    direct.searchParams.set('application_name', 'pulsa_direct_probe');
    // Nothing listens on port 1: any session work sent to the pooled address would fail.
    const database = await openPostgres('postgres://pulsa@127.0.0.1:1/unreachable', {
      directUrl: direct.toString(),
    });
    const observer = await testDatabase();
    try {
      await database.migrate();
      const received: string[] = [];
      const stop = await database.listen('pulsa_direct_channel', (payload) => received.push(payload));
      const listening = await observer.db.execute<{ query: string }>(
        sql`select query from pg_stat_activity where application_name = 'pulsa_direct_probe'`,
      );
      expect(listening.rows.map((r) => r.query)).toEqual(['listen "pulsa_direct_channel"']);
      await observer.db.execute(sql`select pg_notify('pulsa_direct_channel', 'pelo endereço direto')`);
      const deadline = Date.now() + 3000;
      while (received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toEqual(['pelo endereço direto']);
      await stop();
    } finally {
      await database.close();
    }
  });

  it('outlives its idle connections being dropped, and the next query opens another', async () => {
    const observer = await testDatabase();
    const url = new URL(testDatabaseUrl() as string);
    url.searchParams.set('application_name', 'pulsa_dropped_probe');
    const database = await openPostgres(url.toString());
    try {
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const dropped = await observer.db.execute<{ ended: boolean }>(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'pulsa_dropped_probe'`,
      );
      expect(dropped.rows.length).toBeGreaterThan(0);
      // Time for the pool's idle clients to hear their connections end.
      await new Promise((r) => setTimeout(r, 200));
      const answer = await database.db.execute<{ one: number }>(sql`select 1 as one`);
      expect(answer.rows).toEqual([{ one: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('listens again when its LISTEN connection is lost, says so meanwhile, and tells who must catch up', async () => {
    const observer = await testDatabase();
    const direct = new URL(testDatabaseUrl() as string);
    direct.searchParams.set('application_name', 'pulsa_listen_lost_probe');
    const database = await openPostgres(testDatabaseUrl() as string, { directUrl: direct.toString() });
    const waitUntil = async (check: () => boolean | Promise<boolean>, what: string) => {
      const deadline = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error(`not within 10 s: ${what}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    try {
      const received: string[] = [];
      await database.listen('pulsa_lost_a', (payload) => received.push(`a:${payload}`));
      await database.listen('pulsa_lost_b', (payload) => received.push(`b:${payload}`));
      let restored = 0;
      database.onListenRestored(() => {
        restored++;
      });
      expect(database.listening()).toBe(true);
      // What a PostgreSQL restart does to the connection: the server ends it.
      const ended = await observer.db.execute<{ ended: boolean }>(
        sql`select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = 'pulsa_listen_lost_probe'`,
      );
      expect(ended.rows).toEqual([{ ended: true }]);
      await waitUntil(() => !database.listening(), 'the loss is noticed');
      await waitUntil(() => restored === 1 && database.listening(), 'listening again');
      await observer.db.execute(
        sql`select pg_notify('pulsa_lost_a', 'um'), pg_notify('pulsa_lost_b', 'dois')`,
      );
      await waitUntil(() => received.length === 2, 'both channels heard again');
      expect(received.sort()).toEqual(['a:um', 'b:dois']);
    } finally {
      await database.close();
    }
  });

  it('sends prepared queries unnamed when named statements are off, named otherwise', async () => {
    await testDatabase();
    const preparedNames = async (namedStatements: boolean) => {
      const database = await openPostgres(testDatabaseUrl() as string, { namedStatements });
      try {
        return await database.db.transaction(async (tx) => {
          const probe = tx
            .select({ id: specialties.id })
            .from(specialties)
            .where(eq(specialties.slug, sql.placeholder('slug')))
            .prepare('pulsa_named_probe');
          expect(await probe.execute({ slug: 'nenhuma' })).toEqual([]);
          // The same session: a statement prepared under a name would be listed here.
          const names = await tx.execute<{ name: string }>(sql`select name from pg_prepared_statements`);
          return names.rows.map((r) => r.name);
        });
      } finally {
        await database.close();
      }
    };
    expect(await preparedNames(true)).toEqual(['pulsa_named_probe']);
    expect(await preparedNames(false)).toEqual([]);
  });
});
