import { and, asc, eq, getTableName, gt, isNotNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  clinicalDocuments,
  clinicalRecordAddenda,
  clinicalRecords,
  consultationMessages,
  conversationMessages,
  dataExports,
  doctorDocuments,
  doctorProfiles,
  userProfiles,
} from '../../db/schema.ts';
import { checkStoredDocument } from '../clinical-documents/clinical-documents.service.ts';
import { photoKey } from '../doctors/doctors.documents.service.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { ledgerTotals, rollupMismatches, unbalancedTransactions } from '../ledger/ledger.service.ts';
import { verifyAddendumHash, verifyRecordHash } from '../records/records.service.ts';

/**
 * The invariants a database must keep, checked all at once (decision 138): after a restore, before
 * the restored copy is trusted, and against the live database when something looks wrong. It only
 * reads. Each broken invariant is a problem naming what it found; none means the copy holds.
 *
 * - every ledger transaction balances (≥ 2 entries summing to zero) and the daily roll-up equals
 *   the entries it sums;
 * - every signed clinical record and addendum still hashes to the hash kept when it was signed, and
 *   decrypts with the data key given;
 * - every clinical document's PDF is in the file store with the SHA-256 recorded at issue and, once
 *   signed, a valid signature;
 * - every file the database points to is in the file store.
 */

export interface IntegrityContext {
  db: Queryable;
  /** The installation's data key: records and addenda are decrypted to be hashed. */
  dataKey: Buffer;
  storage: FileStorage;
}

export const INTEGRITY_CHECKS = [
  'ledger_unbalanced',
  'ledger_rollup',
  'record_hash',
  'record_unreadable',
  'addendum_hash',
  'addendum_unreadable',
  'document_hash',
  'document_signature',
  'file_missing',
] as const;
export type IntegrityCheck = (typeof INTEGRITY_CHECKS)[number];

export interface IntegrityProblem {
  check: IntegrityCheck;
  /** What is wrong: a row's id, a roll-up's day and account, a file's key. */
  subject: string;
  detail: string;
}

export interface IntegrityReport {
  ledger: { transactions: number; entries: number; totals: Record<string, number> };
  signedRecords: number;
  addenda: number;
  documents: number;
  /** Distinct file keys the database points to (documents' PDFs included). */
  files: number;
  problems: IntegrityProblem[];
}

/**
 * Columns that hold a key of the file store, with the table's id to page by. A module that keeps
 * files in a new column adds it here; clinical documents and doctors' photos are checked apart.
 */
const FILE_COLUMNS = [
  { table: doctorDocuments, id: doctorDocuments.id, key: doctorDocuments.storageKey },
  { table: consultationMessages, id: consultationMessages.id, key: consultationMessages.fileKey },
  { table: conversationMessages, id: conversationMessages.id, key: conversationMessages.fileKey },
  { table: dataExports, id: dataExports.id, key: dataExports.storageKey },
] as const;

const PAGE = 500;
/** Files asked of the store at once: enough to hide an S3 round trip, few enough for a live store. */
const CONCURRENCY = 8;

/** A table read in pages of its id (keyset), so a large one is never held in memory at once. */
async function* pages<T extends { id: string }>(read: (after: string | undefined) => Promise<T[]>) {
  let after: string | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) return;
    after = last.id;
  }
}

async function eachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function checkLedger(db: Queryable, problems: IntegrityProblem[]) {
  for (const t of await unbalancedTransactions(db))
    problems.push({
      check: 'ledger_unbalanced',
      subject: t.id,
      detail: `${t.entries} entries summing to ${t.total}`,
    });
  for (const m of await rollupMismatches(db))
    problems.push({
      check: 'ledger_rollup',
      subject: `${m.day} ${m.account}`,
      detail: `roll-up ${m.rollup}, entries ${m.entries}`,
    });
  const { transactions, entries, totals } = await ledgerTotals(db);
  return { transactions, entries, totals: totals as Record<string, number> };
}

async function checkRecords(ctx: IntegrityContext, problems: IntegrityProblem[]) {
  let signed = 0;
  const signedRows = pages((after) =>
    ctx.db
      .select()
      .from(clinicalRecords)
      .where(and(isNotNull(clinicalRecords.signedAt), after ? gt(clinicalRecords.id, after) : undefined))
      .orderBy(asc(clinicalRecords.id))
      .limit(PAGE),
  );
  for await (const rows of signedRows)
    for (const row of rows) {
      signed++;
      try {
        if (!verifyRecordHash(ctx, row))
          problems.push({
            check: 'record_hash',
            subject: row.id,
            detail: 'content differs from what was signed',
          });
      } catch (error) {
        problems.push({ check: 'record_unreadable', subject: row.id, detail: messageOf(error) });
      }
    }

  let addenda = 0;
  const addendumRows = pages((after) =>
    ctx.db
      .select()
      .from(clinicalRecordAddenda)
      .where(after ? gt(clinicalRecordAddenda.id, after) : undefined)
      .orderBy(asc(clinicalRecordAddenda.id))
      .limit(PAGE),
  );
  for await (const rows of addendumRows)
    for (const row of rows) {
      addenda++;
      try {
        if (!verifyAddendumHash(ctx, row))
          problems.push({
            check: 'addendum_hash',
            subject: row.id,
            detail: 'text differs from what was signed',
          });
      } catch (error) {
        problems.push({ check: 'addendum_unreadable', subject: row.id, detail: messageOf(error) });
      }
    }
  return { signed, addenda };
}

async function checkDocuments(ctx: IntegrityContext, problems: IntegrityProblem[], keys: Set<string>) {
  let documents = 0;
  const documentRows = pages((after) =>
    ctx.db
      .select({
        id: clinicalDocuments.id,
        storageKey: clinicalDocuments.storageKey,
        sha256: clinicalDocuments.sha256,
        signer: clinicalDocuments.signer,
      })
      .from(clinicalDocuments)
      .where(after ? gt(clinicalDocuments.id, after) : undefined)
      .orderBy(asc(clinicalDocuments.id))
      .limit(PAGE),
  );
  for await (const rows of documentRows) {
    documents += rows.length;
    await eachLimited(rows, CONCURRENCY, async (row) => {
      keys.add(row.storageKey);
      const found = await checkStoredDocument(ctx.storage, row);
      if (!found.present) {
        problems.push({
          check: 'file_missing',
          subject: row.storageKey,
          detail: `PDF of document ${row.id}`,
        });
        return;
      }
      if (!found.hashMatches)
        problems.push({
          check: 'document_hash',
          subject: row.id,
          detail: `${row.storageKey} is not the file recorded at issue`,
        });
      if (found.signatureValid === false)
        problems.push({
          check: 'document_signature',
          subject: row.id,
          detail: `the signature of ${row.storageKey} does not verify`,
        });
    });
  }
  return documents;
}

/** Every other file the database points to: gathered first (a key may be named twice), then asked. */
async function checkFiles(ctx: IntegrityContext, problems: IntegrityProblem[], keys: Set<string>) {
  const named = new Map<string, string>();
  for (const { table, id, key } of FILE_COLUMNS) {
    const rows = pages((after) =>
      ctx.db
        .select({ id, key })
        .from(table)
        .where(and(isNotNull(key), after ? gt(id, after) : undefined))
        .orderBy(asc(id))
        .limit(PAGE),
    );
    for await (const page of rows)
      for (const row of page)
        if (row.key) named.set(row.key, `${getTableName(table)}.${key.name} of ${row.id}`);
  }
  // A doctor's photo is kept under their profile's id once the profile points at the app's address for it.
  const photos = await ctx.db
    .select({ doctorId: doctorProfiles.id })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(sql`${userProfiles.profileImageUrl} like '/api/doctors/' || ${doctorProfiles.id} || '/photo%'`);
  for (const p of photos) named.set(photoKey(p.doctorId), `photo of doctor ${p.doctorId}`);

  const toAsk = [...named.keys()].filter((k) => !keys.has(k));
  await eachLimited(toAsk, CONCURRENCY, async (key) => {
    if (!(await ctx.storage.exists(key)))
      problems.push({ check: 'file_missing', subject: key, detail: named.get(key) ?? '' });
  });
  for (const k of toAsk) keys.add(k);
}

export async function checkIntegrity(ctx: IntegrityContext): Promise<IntegrityReport> {
  const problems: IntegrityProblem[] = [];
  const ledger = await checkLedger(ctx.db, problems);
  const records = await checkRecords(ctx, problems);
  const keys = new Set<string>();
  const documents = await checkDocuments(ctx, problems, keys);
  await checkFiles(ctx, problems, keys);
  const order = (p: IntegrityProblem) => `${p.check} ${p.subject}`;
  problems.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return {
    ledger,
    signedRecords: records.signed,
    addenda: records.addenda,
    documents,
    files: keys.size,
    problems,
  };
}
