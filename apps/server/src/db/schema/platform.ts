import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { createdAt, emailStatusEnum } from './columns.ts';

/** Email outbox, notifications, live events and the audit log. */
// ── Email and notifications ──────────────────────────────────────────────

/** Every message is written here first, then delivered by SMTP when configured. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    kind: text('kind').notNull(),
    status: emailStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // What the dispatch reads: the waiting messages, oldest first (their delivery is pg-boss's).
    index('email_outbox_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

// ── Live connection: the events every instance delivers to its sockets ────

/**
 * What the live connection sends, kept so any instance can deliver it (NOTIFY carries only the id)
 * and a reconnecting tab can catch up on what it missed. Rows are short-lived.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userIds: uuid('user_ids').array().notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('live_events_user_ids_idx').using('gin', t.userIds),
    index('live_events_created_idx').on(t.createdAt),
  ],
);

// ── Audit log: who changed a sensitive setting, from what to what ────────────

/** Append-only (a trigger refuses changes). The team's changes to money rules are written here. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: uuid('actor_id').references(() => users.id),
    /** e.g. commission.created, commission.updated. */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    /** The reason the admin gave for the action, when it asks for one. */
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
    // The audit page filtered by who acted, newest first.
    index('audit_log_actor_created_idx').on(t.actorId, t.createdAt),
  ],
);
