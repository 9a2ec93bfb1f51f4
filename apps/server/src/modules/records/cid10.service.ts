import fs from 'node:fs';
import path from 'node:path';
import {
  CID10_VERSION,
  type Cid10Code,
  displayCid10Code,
  normalizeCid10Code,
  searchWords,
} from '@pulsa/shared/schemas/cid10';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { cid10Codes, cid10Words } from '../../db/schema.ts';

/**
 * The project's CID-10 table: generated from DATASUS by cli/generate-cid10.ts into cid10-data.json
 * (committed), and loaded into cid10_codes/cid10_words on first use by each process when the stored
 * version differs (idempotent; decision 085).
 */
type DataRow = [code: string, description: string, sex: string | null];

function readData(): { version: string; codes: DataRow[] } {
  return JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'cid10-data.json'), 'utf8'));
}

const loaded = new WeakMap<object, Promise<void>>();

/** Loads the committed table into the database unless this version is already there. */
export function ensureCid10Loaded(db: Db): Promise<void> {
  let pending = loaded.get(db);
  if (!pending) {
    pending = loadCid10(db).catch((error) => {
      loaded.delete(db);
      throw error;
    });
    loaded.set(db, pending);
  }
  return pending;
}

async function loadCid10(db: Db): Promise<void> {
  const data = readData();
  if (data.version !== CID10_VERSION)
    throw new Error(`cid10-data.json is ${data.version}, expected ${CID10_VERSION}`);
  const present = async (tx: Queryable) => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(cid10Codes)
      .where(eq(cid10Codes.version, CID10_VERSION));
    return (row?.n ?? 0) === data.codes.length;
  };
  if (await present(db)) return;
  await db.transaction(async (tx) => {
    // Two instances starting together may both get here: the rows are the same, so the second
    // one's inserts do nothing.
    await tx.delete(cid10Words);
    await tx.delete(cid10Codes);
    const codes = data.codes.map(([code, description, sex]) => ({
      code,
      display: displayCid10Code(code),
      description,
      kind: code.length === 3 ? ('category' as const) : ('subcategory' as const),
      sex,
      version: CID10_VERSION,
    }));
    // One statement per table, the rows as one JSON parameter: thousands of bound parameters
    // would take seconds on the embedded database.
    await tx.execute(sql`
      insert into cid10_codes (code, display, description, kind, sex, version)
      select code, display, description, kind, sex, version
      from json_to_recordset(${JSON.stringify(codes)}::json)
        as r(code text, display text, description text, kind text, sex text, version text)
      on conflict do nothing`);
    const words = data.codes.flatMap(([code, description]) =>
      [...new Set(searchWords(description))].map((word) => ({ word, code })),
    );
    await tx.execute(sql`
      insert into cid10_words (word, code)
      select word, code from json_to_recordset(${JSON.stringify(words)}::json) as r(word text, code text)
      on conflict do nothing`);
  });
}

const columns = {
  code: cid10Codes.code,
  display: cid10Codes.display,
  description: cid10Codes.description,
  kind: cid10Codes.kind,
};

/** A code typed with or without the dot (J45, J45.0, J450), case ignored. */
const CODE_QUERY = /^[A-Za-z](\d{0,2}|\d{2}\.?[\dXx]?)$/;

/**
 * Search by code prefix (J4, J45, J45.0, J450) or by words, each a prefix of a word of the
 * description, accents and case ignored ("asma", "diabetes insul"). Both go through indexed prefix
 * ranges (text_pattern_ops), never a substring scan.
 */
export async function searchCid10(db: Db, q: string, limit: number): Promise<Cid10Code[]> {
  await ensureCid10Loaded(db);
  const query = q.trim();
  if (CODE_QUERY.test(query)) {
    const prefix = normalizeCid10Code(query);
    return db
      .select(columns)
      .from(cid10Codes)
      .where(like(cid10Codes.code, `${prefix}%`))
      .orderBy(asc(cid10Codes.code))
      .limit(limit);
  }
  const words = [...new Set(searchWords(query))].slice(0, 6);
  if (words.length === 0) return [];
  // Words hold only [a-z0-9]: nothing to escape in a LIKE pattern.
  const conditions = words.map((word) =>
    inArray(
      cid10Codes.code,
      db
        .select({ code: cid10Words.code })
        .from(cid10Words)
        .where(like(cid10Words.word, `${word}%`)),
    ),
  );
  return db
    .select(columns)
    .from(cid10Codes)
    .where(and(...conditions))
    .orderBy(asc(cid10Codes.code))
    .limit(limit);
}

/** One code (J45, J45.0 or J450), or null: what certificates and records validate a diagnosis with. */
export async function findCid(db: Db, code: string): Promise<Cid10Code | null> {
  await ensureCid10Loaded(db);
  const [row] = await db
    .select(columns)
    .from(cid10Codes)
    .where(eq(cid10Codes.code, normalizeCid10Code(code)));
  return row ?? null;
}

/** Several codes at once (a record's diagnoses), keyed by the stored form. */
export async function findCids(db: Db, codes: string[]): Promise<Map<string, Cid10Code>> {
  const wanted = [...new Set(codes.map(normalizeCid10Code))];
  if (wanted.length === 0) return new Map();
  await ensureCid10Loaded(db);
  const rows = await db.select(columns).from(cid10Codes).where(inArray(cid10Codes.code, wanted));
  return new Map(rows.map((r) => [r.code, r]));
}
