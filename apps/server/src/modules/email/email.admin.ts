import {
  type AdminEmail,
  type AdminEmailQuery,
  AUDIT_MESSAGES,
  maskEmailAddress,
} from '@pulsa/shared/schemas/audit';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pageFromWindow, totalOver } from '../../db/paging.ts';
import { emailOutbox } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { broadcastAdminChange } from '../live/live.events.ts';

/**
 * The admin's view of the outbox (decision 096): who it went to (masked), which template, and how
 * its delivery went. The subject and the body are never selected, so no answer can carry them:
 * they may hold a patient's health details or a one-time link.
 */
const listed = {
  id: emailOutbox.id,
  toAddress: emailOutbox.toAddress,
  kind: emailOutbox.kind,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  // A message whose one-time link was wiped after its last failure has nothing left to send.
  hasContent: sql<boolean>`(${emailOutbox.text} <> '')`,
};

const retryableStatus = (status: string) => status === 'failed' || status === 'kept';

export async function adminEmails(db: Db, query: AdminEmailQuery): Promise<PageResult<AdminEmail>> {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(emailOutbox.status, query.status));
  if (query.kind) conditions.push(eq(emailOutbox.kind, query.kind));
  if (query.q) {
    const pattern = `%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`lower(${emailOutbox.toAddress}) like ${pattern}`);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ ...listed, total: totalOver() })
    .from(emailOutbox)
    .where(where)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return pageFromWindow(
    rows,
    query,
    async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(emailOutbox)
          .where(where)
      )[0]?.n ?? 0,
    (r) => ({
      id: r.id,
      recipient: maskEmailAddress(r.toAddress),
      kind: r.kind,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: r.createdAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      retryable: retryableStatus(r.status) && r.hasContent,
    }),
  );
}

/** The templates the outbox has seen: the filter's options. */
export async function adminEmailKinds(db: Db) {
  const rows = await db
    .selectDistinct({ kind: emailOutbox.kind })
    .from(emailOutbox)
    .orderBy(asc(emailOutbox.kind));
  return { items: rows.map((r) => r.kind) };
}

/**
 * "Reenviar": a failed (or kept, once SMTP is configured) message goes back to pending, audited,
 * and `requeue` gives it a delivery job after the commit. A message with its link wiped is refused.
 */
export async function retryEmail(
  db: Db,
  actor: { id: string; ip?: string },
  emailId: string,
  requeue: (emailId: string) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const [message] = await tx
      .select({ ...listed })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, emailId))
      .for('update');
    if (!message) throw notFound(AUDIT_MESSAGES.emailNotFound);
    if (!retryableStatus(message.status))
      throw conflict(AUDIT_MESSAGES.emailNotRetryable, undefined, 'email_not_retryable');
    if (!message.hasContent) throw conflict(AUDIT_MESSAGES.emailLinkGone, undefined, 'email_content_gone');
    await tx.update(emailOutbox).set({ status: 'pending' }).where(eq(emailOutbox.id, emailId));
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'email.retried',
      entity: 'email',
      entityId: emailId,
      before: { status: message.status, attempts: message.attempts, lastError: message.lastError },
      after: { status: 'pending' },
      ip: actor.ip ?? null,
    });
    await broadcastAdminChange(tx, 'emails');
  });
  await requeue(emailId);
  const [row] = await db
    .select({ ...listed })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, emailId));
  if (!row) throw notFound(AUDIT_MESSAGES.emailNotFound);
  return {
    id: row.id,
    recipient: maskEmailAddress(row.toAddress),
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    retryable: retryableStatus(row.status) && row.hasContent,
  } satisfies AdminEmail;
}
