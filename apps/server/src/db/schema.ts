import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One table per entity of the spec (section 3) plus what auth, e-mail and notifications need.
 * Money is integer centavos; percentages are integer basis points (10,00 % = 1000); instants are timestamptz.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const roleEnum = pgEnum('role', ['admin', 'doctor', 'patient']);
export const verificationStatusEnum = pgEnum('verification_status', ['pending', 'approved', 'rejected']);
export const appointmentStatusEnum = pgEnum('appointment_status', [
  'scheduled',
  'confirmed',
  'in_progress',
  'completed',
  'canceled',
  'no_show',
]);
export const paymentStatusEnum = pgEnum('payment_status', [
  'pending',
  'processing',
  'paid',
  'failed',
  'refunded',
]);
export const paymentMethodEnum = pgEnum('payment_method', ['card', 'pix', 'boleto']);
export const authTokenKindEnum = pgEnum('auth_token_kind', ['email_verification', 'password_reset']);
/** kept: no SMTP transport was configured, the message stays readable in the outbox. */
export const emailStatusEnum = pgEnum('email_status', ['pending', 'sent', 'failed', 'kept']);
export const documentKindEnum = pgEnum('document_kind', ['identity', 'crm']);
export const documentStatusEnum = pgEnum('document_status', ['pending', 'verified', 'rejected']);

// ── Accounts ──────────────────────────────────────────────────────────────

/** Credentials. The person behind them lives in user_profiles (same id). */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const userProfiles = pgTable(
  'user_profiles',
  {
    id: uuid('id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Digits only; unique while present (anonymised accounts clear it). */
    cpf: text('cpf'),
    profileImageUrl: text('profile_image_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    cpfVerified: boolean('cpf_verified').notNull().default(false),
    birthDate: date('birth_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('user_profiles_cpf_key').on(t.cpf),
    index('user_profiles_email_idx').on(t.email),
    index('user_profiles_created_at_idx').on(t.createdAt),
    // Substring search (ILIKE '%…%') over the lists that grow with the business.
    index('user_profiles_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('user_profiles_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('user_profiles_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')),
    index('user_profiles_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/** One role per user, decided on the server. */
export const userRoles = pgTable(
  'user_roles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_roles_role_idx').on(t.role, t.createdAt)],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use e-mail links (verification, password reset), stored hashed. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: authTokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_user_kind_idx').on(t.userId, t.kind)],
);

// ── E-mail and notifications ──────────────────────────────────────────────

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
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
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

// ── Catalogue ─────────────────────────────────────────────────────────────

export const specialties = pgTable('specialties', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  icon: text('icon').notNull().default('stethoscope'),
  createdAt: createdAt(),
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
    professionalExperience: text('professional_experience'),
    education: text('education'),
    verificationStatus: verificationStatusEnum('verification_status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
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
    uniqueIndex('doctor_availability_start_key').on(t.doctorId, t.dayOfWeek, t.startTime),
    check('doctor_availability_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('doctor_availability_range_check', sql`${t.endTime} > ${t.startTime}`),
  ],
);

// ── Care and money ────────────────────────────────────────────────────────

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: appointmentStatusEnum('status').notNull().default('scheduled'),
    notes: text('notes'),
    cancellationReason: text('cancellation_reason'),
    /** An unpaid booking frees its slot when this passes. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Two bookings can never hold the same slot: enforced here, not only in code.
    uniqueIndex('appointments_active_slot_key')
      .on(t.doctorId, t.startsAt)
      .where(sql`${t.status} <> 'canceled'`),
    index('appointments_doctor_starts_idx').on(t.doctorId, t.startsAt),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    index('appointments_starts_idx').on(t.startsAt),
    check('appointments_range_check', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    /** Centavos; fee and doctor share are frozen when the payment is created. */
    amount: integer('amount').notNull(),
    platformFee: integer('platform_fee').notNull(),
    doctorAmount: integer('doctor_amount').notNull(),
    method: paymentMethodEnum('method').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payments_appointment_idx').on(t.appointmentId),
    index('payments_doctor_created_idx').on(t.doctorId, t.createdAt),
    index('payments_patient_created_idx').on(t.patientId, t.createdAt),
    index('payments_status_created_idx').on(t.status, t.createdAt),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    check(
      'payments_amounts_check',
      sql`${t.amount} >= 0 and ${t.platformFee} + ${t.doctorAmount} = ${t.amount}`,
    ),
  ],
);

export const commissionSettings = pgTable(
  'commission_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Basis points: 1000 = 10,00 %. */
    percentageBp: integer('percentage_bp').notNull(),
    specialtyId: uuid('specialty_id').references(() => specialties.id),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('commission_settings_percentage_check', sql`${t.percentageBp} between 0 and 10000`),
    index('commission_settings_specialty_idx').on(t.specialtyId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    rating: smallint('rating').notNull(),
    comment: text('comment'),
    isApproved: boolean('is_approved').notNull().default(false),
    adminNotes: text('admin_notes'),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('reviews_doctor_idx').on(t.doctorId, t.isApproved, t.createdAt),
    index('reviews_moderation_idx').on(t.isApproved, t.createdAt),
  ],
);

/** A doctor's patient list: registered patients or ones the doctor added by hand. */
export const doctorPatients = pgTable(
  'doctor_patients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id').references(() => users.id),
    patientName: text('patient_name').notNull(),
    patientEmail: text('patient_email'),
    patientPhone: text('patient_phone'),
    lastConsultationDate: date('last_consultation_date'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('doctor_patients_patient_key').on(t.doctorId, t.patientId),
    index('doctor_patients_last_idx').on(t.doctorId, t.lastConsultationDate),
  ],
);

/** Admin settings (SMTP, payments, general) that override the environment at run time. */
export const systemSettings = pgTable(
  'system_settings',
  {
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
);
