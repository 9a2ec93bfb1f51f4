import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import {
  createdAt,
  documentKindEnum,
  documentStatusEnum,
  updatedAt,
  verificationStatusEnum,
} from './columns.ts';

/** Specialties, doctors, their agenda and their verification. */
// ── Catalogue ─────────────────────────────────────────────────────────────

export const specialties = pgTable('specialties', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  icon: text('icon').notNull().default('stethoscope'),
  createdAt: createdAt(),
  /**
   * Set when an admin deactivates the specialty: its doctors keep it, but no new search, filter or
   * profile choice offers it (decision 095). Null: active.
   */
  deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
});

export const doctorProfiles = pgTable(
  'doctor_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialtyId: uuid('specialty_id').references(() => specialties.id),
    bio: text('bio'),
    crmNumber: text('crm_number'),
    crmState: text('crm_state'),
    /** Centavos. */
    consultationPrice: integer('consultation_price'),
    consultationMinutes: smallint('consultation_minutes').notNull().default(30),
    timeZone: text('time_zone').notNull().default('America/Sao_Paulo'),
    /** Public address of an approved doctor's page (/medicos/:slug). */
    slug: text('slug').unique(),
    /** How long before a slot's start it can still be booked. */
    minNoticeMinutes: smallint('min_notice_minutes').notNull().default(120),
    /** How many days ahead slots are offered. */
    bookingHorizonDays: smallint('booking_horizon_days').notNull().default(60),
    /** Days after a completed consultation the patient may still write to the doctor (decision 090). */
    messageFollowUpDays: smallint('message_follow_up_days').notNull().default(7),
    professionalExperience: text('professional_experience'),
    education: text('education'),
    /**
     * Printed on every clinical document, as CFM 2.299/2021 asks (decision 125): where the doctor
     * practises, a phone to reach them, and the RQE of their specialty when they have one.
     */
    professionalAddress: text('professional_address'),
    professionalPhone: text('professional_phone'),
    rqe: text('rqe'),
    verificationStatus: verificationStatusEnum('verification_status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /**
     * An approved doctor's change of name waiting for the team (decision 100); null when none.
     * The name itself lives in user_profiles and changes only when the team approves.
     */
    requestedFullName: text('requested_full_name'),
    nameRequestedAt: timestamp('name_requested_at', { withTimezone: true }),
    payoutAccountId: text('payout_account_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('doctor_profiles_crm_key').on(t.crmNumber, t.crmState),
    index('doctor_profiles_listing_idx').on(t.verificationStatus, t.specialtyId),
    index('doctor_profiles_created_idx').on(t.createdAt),
    check('doctor_profiles_price_check', sql`${t.consultationPrice} is null or ${t.consultationPrice} >= 0`),
  ],
);

export const doctorDocuments = pgTable(
  'doctor_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    status: documentStatusEnum('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
  },
  (t) => [index('doctor_documents_doctor_idx').on(t.doctorId, t.kind, t.createdAt)],
);

export const doctorAvailability = pgTable(
  'doctor_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday, in the doctor's time zone. */
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // Overlapping windows of one doctor and weekday (active or not) are refused by the exclusion
    // constraint doctor_availability_no_overlap, added in SQL (drizzle cannot express it).
    index('doctor_availability_doctor_idx').on(t.doctorId, t.dayOfWeek, t.startTime),
    check('doctor_availability_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('doctor_availability_range_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

// ── Agenda: date exceptions ───────────────────────────────────────────────

export const agendaExceptionKindEnum = pgEnum('agenda_exception_kind', ['off', 'extra']);

/**
 * Dates that differ from the weekly windows: `off` removes every weekly hour from start_date to
 * end_date (a day off or a vacation); `extra` adds start_time–end_time on one date.
 */
export const doctorAgendaExceptions = pgTable(
  'doctor_agenda_exceptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    kind: agendaExceptionKindEnum('kind').notNull(),
    /** Dates on the doctor's calendar (their time zone), inclusive. */
    startDate: date('start_date').notNull(),
    endDate: date('end_date').notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    index('doctor_agenda_exceptions_doctor_idx').on(t.doctorId, t.endDate),
    check('doctor_agenda_exceptions_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check(
      'doctor_agenda_exceptions_kind_check',
      sql`(${t.kind} = 'off' and ${t.startTime} is null and ${t.endTime} is null) or (${t.kind} = 'extra' and ${t.startDate} = ${t.endDate} and ${t.startTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
  ],
);

// ── Doctor verification (profile, documents, decisions) ───────────────────

export const verificationSubjectEnum = pgEnum('verification_subject', ['doctor', 'identity', 'crm']);

/** Every change of a doctor's or a document's verification status: who, when, from, to, why. */
export const doctorVerificationEvents = pgTable(
  'doctor_verification_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    subject: verificationSubjectEnum('subject').notNull(),
    documentId: uuid('document_id').references(() => doctorDocuments.id, { onDelete: 'set null' }),
    /** Null for the first status of a new document. */
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    /** The admin who decided, or the doctor whose change sent the profile back to review. */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('doctor_verification_events_doctor_idx').on(t.doctorId, t.createdAt)],
);

/**
 * The admin list's search text (name, email, specialty, "crm/uf"), lower-cased and without
 * accents, kept by triggers from user_profiles, doctor_profiles and specialties (see the migration).
 */
export const doctorSearch = pgTable(
  'doctor_search',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
  },
  (t) => [index('doctor_search_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops'))],
);

// ---- Public pages cache -------------------------------------------------------

/**
 * One row per kind of public content, whose version goes up whenever what anonymous visitors see
 * may have changed (triggers on the tables the public pages read, so every writer and every
 * instance agrees). The servers' shared-page caches key their entries on it.
 */
export const publicContentVersions = pgTable('public_content_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
});
