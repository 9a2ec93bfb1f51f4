import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { decryptText, encryptText, isEncrypted } from './encryption.ts';

/**
 * Every column that holds text encrypted with the installation's data key, with the triggers that
 * keep the table append-only or locked (rotation is the one sanctioned rewrite: the plain text,
 * and so every signed content hash, stays the same). A module that encrypts a new column adds it
 * here.
 */
export const ENCRYPTED_COLUMNS: { table: string; key: string; columns: string[]; triggers: string[] }[] = [
  { table: 'clinical_records', key: 'id', columns: ['content'], triggers: ['clinical_records_locked'] },
  {
    table: 'clinical_record_addenda',
    key: 'id',
    columns: ['content'],
    triggers: ['clinical_record_addenda_append_only'],
  },
  {
    table: 'clinical_documents',
    key: 'id',
    columns: ['content'],
    triggers: ['clinical_documents_issued_once'],
  },
  { table: 'two_factor_secrets', key: 'user_id', columns: ['secret'], triggers: [] },
  { table: 'email_outbox', key: 'id', columns: ['html', 'text'], triggers: [] },
  { table: 'system_settings', key: 'key', columns: ['secrets'], triggers: [] },
];

/**
 * Re-encrypts every encrypted value from `oldKey` to `newKey` in one transaction (all or nothing),
 * the locking triggers off only inside it. Each value is decrypted with the old key first, so a wrong
 * old key fails before anything is written. Answers how many values were rewritten per table.
 */
export async function rotateDataKey(db: Db, oldKey: Buffer, newKey: Buffer): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    for (const { table, key, columns, triggers } of ENCRYPTED_COLUMNS) {
      for (const trigger of triggers)
        await tx.execute(sql.raw(`alter table "${table}" disable trigger "${trigger}"`));
      const list = columns.map((c) => `"${c}"`).join(', ');
      const { rows } = await tx.execute<Record<string, string>>(
        sql.raw(`select "${key}"::text as k, ${list} from "${table}"`),
      );
      let rewritten = 0;
      for (const row of rows) {
        const updates = columns.filter((c) => typeof row[c] === 'string' && isEncrypted(row[c] as string));
        if (updates.length === 0) continue;
        const sets = updates.map(
          (c) => sql`${sql.raw(`"${c}"`)} = ${encryptText(newKey, decryptText(oldKey, row[c] as string))}`,
        );
        await tx.execute(
          sql`update ${sql.raw(`"${table}"`)} set ${sql.join(sets, sql`, `)} where ${sql.raw(`"${key}"`)}::text = ${row.k}`,
        );
        rewritten += updates.length;
      }
      for (const trigger of triggers)
        await tx.execute(sql.raw(`alter table "${table}" enable trigger "${trigger}"`));
      counts[table] = rewritten;
    }
  });
  return counts;
}
