import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema.ts';

/** The newest e-mail written for an address, and the token of the link it carries. */
export async function lastEmailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`no e-mail to ${to}`);
  const link = row.text.match(/https?:\/\/\S+/)?.[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  return { ...row, link, token };
}
