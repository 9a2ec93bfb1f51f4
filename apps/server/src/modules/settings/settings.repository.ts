import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { systemSettings } from '../../db/schema.ts';

export type SettingsTab = 'general' | 'payment' | 'email';

export interface SettingsRow {
  key: string;
  value: unknown;
  secrets: string | null;
  updatedAt: Date;
}

export async function readSettingsRows(db: Queryable): Promise<SettingsRow[]> {
  return db
    .select({
      key: systemSettings.key,
      value: systemSettings.value,
      secrets: systemSettings.secrets,
      updatedAt: systemSettings.updatedAt,
    })
    .from(systemSettings);
}

/** The tab's row, locked until the transaction ends (two saves of one tab queue). */
export async function lockSettingsRow(tx: Queryable, key: SettingsTab): Promise<SettingsRow | undefined> {
  const [row] = await tx
    .select({
      key: systemSettings.key,
      value: systemSettings.value,
      secrets: systemSettings.secrets,
      updatedAt: systemSettings.updatedAt,
    })
    .from(systemSettings)
    .where(eq(systemSettings.key, key))
    .for('update');
  return row;
}

export async function writeSettingsRow(
  tx: Queryable,
  key: SettingsTab,
  value: Record<string, unknown>,
  secrets: string | null,
  updatedBy: string,
) {
  await tx
    .insert(systemSettings)
    .values({ key, value, secrets, updatedBy })
    .onConflictDoUpdate({
      target: systemSettings.key,
      set: { value, secrets, updatedBy, updatedAt: sql`now()` },
    });
}
