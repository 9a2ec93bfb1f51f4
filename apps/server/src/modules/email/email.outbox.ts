import type { Queryable } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import { encryptText } from '../../lib/encryption.ts';
import type { EmailContent } from './email.templates.ts';

/**
 * Writes a message to the outbox inside the caller's transaction, so an email exists exactly
 * when the change that caused it is committed. Delivery happens afterwards (email.delivery.ts).
 */
export async function enqueueEmail(
  db: Queryable,
  to: string,
  content: EmailContent,
  options: { encryptionKey?: Buffer } = {},
): Promise<string> {
  const key = options.encryptionKey;
  // A body with a live link is never stored in clear.
  if (content.secret && !key) throw new Error(`email "${content.kind}" carries a secret: pass encryptionKey`);
  const seal = (body: string) => (content.secret && key ? encryptText(key, body) : body);
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: to,
      subject: content.subject,
      html: seal(content.html),
      text: seal(content.text),
      kind: content.kind,
    })
    .returning({ id: emailOutbox.id });
  return (row as { id: string }).id;
}

/** Many messages without a secret in one statement (a payout run tells thousands of doctors). */
export async function enqueueEmails(db: Queryable, messages: { to: string; content: EmailContent }[]) {
  if (messages.length === 0) return;
  for (const m of messages)
    if (m.content.secret) throw new Error(`email "${m.content.kind}" carries a secret: use enqueueEmail`);
  await db.insert(emailOutbox).values(
    messages.map((m) => ({
      toAddress: m.to,
      subject: m.content.subject,
      html: m.content.html,
      text: m.content.text,
      kind: m.content.kind,
    })),
  );
}
