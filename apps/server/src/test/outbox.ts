import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';
import { decryptText } from '../lib/encryption.ts';
import { TEST_ENCRYPTION_KEY } from './test-app.ts';

/** The newest e-mail written for an address (bodies decrypted), and the token of the link it carries. */
export async function lastEmailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no e-mail to ${to}`);
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
