import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { consultationMessages } from './care.ts';
import { doctorProfiles } from './catalogue.ts';
import { createdAt, updatedAt } from './columns.ts';

/** Messages between patient and doctor, and reviews. */
// ── Messages between patient and doctor (issue 20) ──

/**
 * One conversation per patient–doctor pair, opened by a booking (decision 090). The doctor's
 * explicit close or reopen is kept with its instant; whether it is open now is `conversationState`.
 * `*_read_at`: up to when each side has read (unread counts and read receipts); `*_emailed_at`: the
 * last unread-message email to that side (one per conversation until they read).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    doctorUserId: uuid('doctor_user_id')
      .notNull()
      .references(() => users.id),
    manualState: text('manual_state', { enum: ['open', 'closed'] }),
    manualStateAt: timestamp('manual_state_at', { withTimezone: true }),
    patientReadAt: timestamp('patient_read_at', { withTimezone: true }),
    doctorReadAt: timestamp('doctor_read_at', { withTimezone: true }),
    patientEmailedAt: timestamp('patient_emailed_at', { withTimezone: true }),
    doctorEmailedAt: timestamp('doctor_emailed_at', { withTimezone: true }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.patientId, t.doctorId),
    index('conversations_doctor_idx').on(t.doctorUserId),
  ],
);

/** A message of a conversation: text, a file, or both (the file kept private like the room's). */
export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: integer('file_size'),
    createdAt: createdAt(),
  },
  (t) => [
    // The latest page of a conversation, and each older one, is one index range (keyset).
    index('conversation_messages_timeline_idx').on(t.conversationId, t.createdAt, t.id),
    check(
      'conversation_messages_body_check',
      sql`length(${t.body}) <= 2000 and (length(${t.body}) >= 1 or ${t.fileKey} is not null)`,
    ),
    check(
      'conversation_messages_file_check',
      sql`(${t.fileKey} is null) = (${t.fileName} is null) and (${t.fileKey} is null) = (${t.fileMime} is null) and (${t.fileKey} is null) = (${t.fileSize} is null)`,
    ),
  ],
);

/** A message reported by a party of its conversation; the admin reads it (access-logged) and resolves. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reported message: one of the conversation's, or one said in a consultation's room (shown in it). */
    messageId: uuid('message_id').references(() => conversationMessages.id, { onDelete: 'cascade' }),
    consultationMessageId: uuid('consultation_message_id').references(() => consultationMessages.id, {
      onDelete: 'cascade',
    }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason', {
      enum: ['offensive', 'spam', 'inappropriate', 'privacy', 'other'],
    }).notNull(),
    details: text('details'),
    status: text('status', { enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_reports_message_reporter_key').on(t.messageId, t.reporterId),
    uniqueIndex('message_reports_consultation_message_reporter_key').on(
      t.consultationMessageId,
      t.reporterId,
    ),
    index('message_reports_status_idx').on(t.status, t.createdAt),
    check(
      'message_reports_one_message_check',
      sql`(${t.messageId} is null) <> (${t.consultationMessageId} is null)`,
    ),
  ],
);

// ── Reviews (issue 20) ──

/**
 * Each listed doctor's approved reviews, summed: written in the transaction of every moderation
 * decision, so the catalogue and the booking search read one row (and sort on an index) instead of
 * aggregating reviews. `rating_tenths` is the average ×10, rounded (4.7 → 47), the value shown.
 */
export const doctorRatings = pgTable(
  'doctor_ratings',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    reviewCount: integer('review_count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingTenths: smallint('rating_tenths'),
    updatedAt: updatedAt(),
  },
  (t) => [index('doctor_ratings_rank_idx').on(t.ratingTenths.desc().nullsLast(), t.reviewCount.desc())],
);
