/**
 * The databases a benchmark runs on, each made for the run and removed after it, so a benchmark can
 * run twice in a row: a fresh embedded database in a temporary folder, and a fresh database on the
 * PostgreSQL server named by BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (else the local
 * one). BENCH_DB=embedded or BENCH_DB=postgres keeps to one of them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../../apps/server/src/db/client.ts';

export type BenchDriver = 'embedded' | 'postgres';

export interface BenchDatabase {
  driver: BenchDriver;
  /** Where the server keeps its files (and, embedded, its database). */
  dataDir: string;
  /** The PostgreSQL address; undefined for the embedded database. */
  url: string | undefined;
  open(): Promise<Database>;
  remove(): Promise<void>;
}

const serverUrl = () =>
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

export function benchDrivers(): BenchDriver[] {
  const only = process.env.BENCH_DB;
  if (only === 'embedded' || only === 'postgres') return [only];
  return ['embedded', 'postgres'];
}

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export async function benchDatabase(name: string, driver: BenchDriver): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `pulsa-bench-${name}-`));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (driver === 'embedded')
    return {
      driver,
      dataDir,
      url: undefined,
      open: () => openPglite(dataDir),
      remove: async () => removeDir(),
    };
  const database = `pulsa_bench_${name.replace(/\W/g, '_')}_${process.pid}`;
  await onServer(`drop database if exists ${database} with (force)`);
  await onServer(`create database ${database}`);
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return {
    driver,
    dataDir,
    url: url.toString(),
    open: () => openPostgres(url.toString()),
    remove: async () => {
      // Pools closing in the background (the job queue's) get a moment to let go: dropping with
      // force would cut them, and a pool whose idle connection is cut throws from nowhere.
      for (let attempt = 0; ; attempt++) {
        try {
          await onServer(`drop database if exists ${database}`);
          break;
        } catch (error) {
          if (attempt >= 20) throw error;
          await new Promise((r) => setTimeout(r, 250));
        }
      }
      removeDir();
    },
  };
}
