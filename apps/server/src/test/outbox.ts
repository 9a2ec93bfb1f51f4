import { and, desc, eq } from 'drizzle-orm';
import { vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { decryptText } from '../lib/encryption.ts';
import { TEST_ENCRYPTION_KEY } from './test-app.ts';

/** The newest email written for an address (bodies decrypted), and the token of the link it carries. */
export async function lastEmailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no email to ${to}`);
  const text = decryptText(TEST_ENCRYPTION_KEY, row.text);
  const link = text.match(/https?:\/\/\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  return {
    ...row,
    storedText: row.text,
    text,
    html: decryptText(TEST_ENCRYPTION_KEY, row.html),
    link,
    token,
  };
}

/**
 * Waits until no email to `to` (or to anyone) waits in the outbox: each was sent, kept for lack of
 * SMTP, or failed. Delivery is a job: it runs soon after the request that queued it, not within it.
 */
export async function outboxSettled(db: Db, to?: string, timeoutMs = 15_000): Promise<void> {
  const waiting = and(eq(emailOutbox.status, 'pending'), to ? eq(emailOutbox.toAddress, to) : undefined);
  await vi.waitFor(
    async () => {
      const rows = await db.select({ id: emailOutbox.id }).from(emailOutbox).where(waiting);
      if (rows.length > 0) throw new Error(`${rows.length} email(s) still waiting in the outbox`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
