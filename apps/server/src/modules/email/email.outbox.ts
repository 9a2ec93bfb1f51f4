import type { Queryable } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema.ts';
import type { EmailContent } from './email.templates.ts';

/**
 * Writes a message to the outbox inside the caller's transaction, so an e-mail exists exactly
 * when the change that caused it is committed. Delivery happens afterwards (email.delivery.ts).
 */
export async function enqueueEmail(db: Queryable, to: string, content: EmailContent): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: to,
      subject: content.subject,
      html: content.html,
      text: content.text,
      kind: content.kind,
    })
    .returning({ id: emailOutbox.id });
  return (row as { id: string }).id;
}
