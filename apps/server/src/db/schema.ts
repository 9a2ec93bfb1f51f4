import type { BillingAddress } from '@pulsa/shared/schemas/appointments';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
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
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One table per entity of the spec (section 3) plus what auth, email and notifications need.
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
/** Who ended or moved an appointment; system = a rule (unpaid hold, unanswered request). */
export const appointmentActorEnum = pgEnum('appointment_actor', ['patient', 'doctor', 'admin', 'system']);
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
    /** The payer's address a boleto carries (shared billingAddressSchema), kept from the last boleto. */
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
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
    // ── account security (sessions list, idle timeout, re-authentication) ──
    /** What the user sees and names in "Encerrar": never the token's digest. */
    publicId: uuid('public_id').notNull().defaultRandom().unique(),
    ipAddress: text('ip_address'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last time the password (and code, with 2FA) was given in this session. */
    authenticatedAt: timestamp('authenticated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Last time a second factor (TOTP or recovery code) was given in this session; null when it never
     * was (no two-factor, or a sign-in from a remembered device, which skips the code).
     */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** The remembered device this session was opened from or remembered by, if any. */
    trustedDeviceId: uuid('trusted_device_id').references(() => trustedDevices.id, { onDelete: 'set null' }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Single-use email links (verification, password reset), stored hashed. */
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
    /** The doctor's price when the patient booked, centavos; later price changes do not touch it. */
    price: integer('price').notNull().default(0),
    notes: text('notes'),
    /** The patient asked at booking for captions or a written conversation (deaf or hard of hearing; decision 115). */
    captionsRequested: boolean('captions_requested').notNull().default(false),
    cancellationReason: text('cancellation_reason'),
    canceledBy: appointmentActorEnum('canceled_by'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** An unpaid booking frees its slot when this passes; null once paid or authorised. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** When the payment was secured and the request reached the doctor; null for unpaid holds. */
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    /** A request the doctor has not answered by then expires like a rejection. */
    respondBy: timestamp('respond_by', { withTimezone: true }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * The refund terms, fixed at confirmation: a patient's cancellation up to this instant is
     * refunded in full. A doctor's move never brings it earlier (decision 065).
     */
    freeCancellationUntil: timestamp('free_cancellation_until', { withTimezone: true }),
    /** Moves by the patient or the doctor; the lifecycle caps them. */
    rescheduleCount: integer('reschedule_count').notNull().default(0),
    /** What the doctor wrote for the patient when completing the consultation. */
    completionNotes: text('completion_notes'),
    /** When the patient accepted the cancellation policy shown before booking (kept as proof). */
    policyAcceptedAt: timestamp('policy_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // No double booking: exclusion constraints on the time ranges (migration 0011), not only code.
    index('appointments_doctor_starts_idx').on(t.doctorId, t.startsAt),
    index('appointments_patient_starts_idx').on(t.patientId, t.startsAt),
    index('appointments_starts_idx').on(t.startsAt),
    index('appointments_status_starts_idx').on(t.status, t.startsAt),
    check('appointments_range_check', sql`${t.endsAt} > ${t.startsAt}`),
    check('appointments_price_check', sql`${t.price} >= 0`),
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
    /**
     * The commission rule the booking used, frozen with the split: its id and version (null when no
     * rule existed and the spec's 10 % applied) and its percentage in basis points.
     */
    commissionSettingId: uuid('commission_setting_id'),
    commissionVersion: integer('commission_version'),
    commissionBp: integer('commission_bp').notNull(),
    method: paymentMethodEnum('method').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    /** What the payer needs to pay: PIX payload, boleto line and due date (no card data, ever). */
    instructions: jsonb('instructions'),
    failureMessage: text('failure_message'),
    /** Card: authorised at booking, captured when the doctor accepts. */
    authorizedAt: timestamp('authorized_at', { withTimezone: true }),
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
    // A doctor's money by when it arrived (paid_at is the ledger capture's instant): the earnings page,
    // the month's net and receipts (decision 084).
    index('payments_doctor_paid_idx').on(t.doctorId, t.paidAt).where(sql`${t.paidAt} is not null`),
    // The admin list, newest first, and its deep pages (decision 083).
    index('payments_created_idx').on(t.createdAt, t.id),
    uniqueIndex('payments_provider_ref_key').on(t.provider, t.providerRef),
    // One live payment per appointment; a failed one may be followed by another try.
    uniqueIndex('payments_live_appointment_key')
      .on(t.appointmentId)
      .where(sql`${t.status} in ('pending', 'processing', 'paid')`),
    foreignKey({
      name: 'payments_commission_version_fk',
      columns: [t.commissionSettingId, t.commissionVersion],
      foreignColumns: [commissionSettingVersions.settingId, commissionSettingVersions.version],
    }),
    check(
      'payments_commission_snapshot_check',
      sql`(${t.commissionSettingId} is null) = (${t.commissionVersion} is null) and ${t.commissionBp} between 0 and 10000`,
    ),
    check(
      'payments_amounts_check',
      sql`${t.amount} >= 0 and ${t.platformFee} >= 0 and ${t.doctorAmount} >= 0 and ${t.platformFee} + ${t.doctorAmount} = ${t.amount}`,
    ),
  ],
);

/** What happened to an appointment, by whom and why: the admin's reasons are kept here. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    actor: appointmentActorEnum('actor').notNull(),
    /** The user who acted; null for the rules. */
    actorId: uuid('actor_id').references(() => users.id),
    action: text('action').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.createdAt)],
);

/** Provider notifications already applied: the same event id is never applied twice. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    type: text('type').notNull(),
    /** The admin who recorded it ("marcar como pago"); null for the provider's own events. */
    actorId: uuid('actor_id').references(() => users.id),
    /** What proves it: the reference the admin typed (a PIX end-to-end id, a bank receipt). */
    reference: text('reference'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.provider, t.eventId] }),
    index('payment_events_payment_idx').on(t.paymentId, t.receivedAt),
  ],
);

/** Every refund with its reason and the provider's reference. */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The team's refunds name a reason from a fixed list (REFUND_REASON_CODES); the rules' have none. */
    reasonCode: text('reason_code'),
    requestedBy: appointmentActorEnum('requested_by').notNull(),
    /** The admin who asked for it. */
    requestedByUser: uuid('requested_by_user').references(() => users.id),
    /**
     * Makes a retried request refund once: the admin's dialog sends one key per refund; a whole
     * refund by the rules is `payment:<id>:full`.
     */
    idempotencyKey: text('idempotency_key'),
    /** The provider's refund, or the reference of the bank transfer that returned a boleto. */
    providerRef: text('provider_ref'),
    /**
     * done: the money went back; awaiting_transfer: a paid boleto cannot be reversed, so it is owed
     * by a PIX transfer that the team makes and records (decision 064).
     */
    status: text('status', { enum: ['done', 'awaiting_transfer'] })
      .notNull()
      .default('done'),
    /** When the money went back (the provider's refund, or the transfer recorded). */
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Several partial refunds per payment; the payment's row lock keeps their sum within it.
    index('refunds_payment_idx').on(t.paymentId, t.createdAt),
    uniqueIndex('refunds_idempotency_key').on(t.idempotencyKey),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('done', 'awaiting_transfer')`),
    index('refunds_awaiting_idx').on(t.createdAt).where(sql`${t.status} = 'awaiting_transfer'`),
  ],
);

/**
 * Commission rules as they stand now. An edit never rewrites history: it raises `version` and
 * appends the new state to commission_setting_versions, which the payments point at (decision 081).
 */
export const commissionSettings = pgTable(
  'commission_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Basis points: 1000 = 10,00 %. */
    percentageBp: integer('percentage_bp').notNull(),
    /** Null: every specialty (the default rule, or an inactive general one). */
    specialtyId: uuid('specialty_id').references(() => specialties.id),
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    /** The current version; every edit adds one. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('commission_settings_percentage_check', sql`${t.percentageBp} between 0 and 10000`),
    // The default covers every specialty, and only one rule is the active default.
    check('commission_settings_default_scope_check', sql`not ${t.isDefault} or ${t.specialtyId} is null`),
    check('commission_settings_version_check', sql`${t.version} >= 1`),
    uniqueIndex('commission_settings_one_active_default_key')
      .on(t.isDefault)
      .where(sql`${t.isDefault} and ${t.isActive}`),
    // Precedence needs one answer per specialty: at most one active rule for each.
    uniqueIndex('commission_settings_one_active_per_specialty_key')
      .on(t.specialtyId)
      .where(sql`${t.isActive} and ${t.specialtyId} is not null`),
    index('commission_settings_specialty_idx').on(t.specialtyId),
  ],
);

/** Every state a commission rule has had, append-only (a trigger refuses changes). */
export const commissionSettingVersions = pgTable(
  'commission_setting_versions',
  {
    settingId: uuid('setting_id')
      .notNull()
      .references(() => commissionSettings.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    percentageBp: integer('percentage_bp').notNull(),
    specialtyId: uuid('specialty_id').references(() => specialties.id),
    isDefault: boolean('is_default').notNull(),
    isActive: boolean('is_active').notNull(),
    /** The admin who wrote this version; null for versions written by a migration. */
    changedBy: uuid('changed_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.settingId, t.version] }),
    check('commission_setting_versions_percentage_check', sql`${t.percentageBp} between 0 and 10000`),
  ],
);

/**
 * A patient's rating of one completed consultation (one per appointment). It waits for an admin:
 * pending → approved (public) or rejected (never public, final); an approved one may later be
 * rejected. `anonymous` hides the patient from everyone but the admins. The doctor may publish one
 * reply to an approved review (decision 092).
 */
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
    anonymous: boolean('anonymous').notNull().default(false),
    /** pending | approved | rejected (REVIEW_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** Why it was rejected (REVIEW_REJECTION_REASONS); set with status rejected. */
    rejectionReason: text('rejection_reason'),
    adminNotes: text('admin_notes'),
    moderatedBy: uuid('moderated_by').references(() => users.id, { onDelete: 'set null' }),
    moderatedAt: timestamp('moderated_at', { withTimezone: true }),
    doctorReply: text('doctor_reply'),
    doctorRepliedAt: timestamp('doctor_replied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('reviews_rating_check', sql`${t.rating} between 1 and 5`),
    check('reviews_status_check', sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      'reviews_rejection_reason_check',
      sql`(${t.status} = 'rejected') = (${t.rejectionReason} is not null)`,
    ),
    // A doctor's public reviews, newest first (the public page, the doctor's list, the aggregate).
    index('reviews_doctor_idx').on(t.doctorId, t.status, t.createdAt.desc(), t.id.desc()),
    // The admin's tabs, newest first.
    index('reviews_moderation_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    index('reviews_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('reviews_patient_idx').on(t.patientId),
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
    /** The doctor's one placeholder patient for walk-ins (no account). */
    isGeneric: boolean('is_generic').notNull().default(false),
    createdAt: createdAt(),
  },
  // Consultation count and last visit are computed from appointments, never copied here.
  (t) => [
    uniqueIndex('doctor_patients_patient_key').on(t.doctorId, t.patientId),
    uniqueIndex('doctor_patients_generic_key').on(t.doctorId).where(sql`${t.isGeneric}`),
    index('doctor_patients_doctor_created_idx').on(t.doctorId, t.createdAt),
  ],
);

/**
 * A doctor's request to list a patient who never booked them: the patient gets a single-use link
 * (stored hashed, like the auth tokens) and the doctor sees them only once they accept it.
 */
export const doctorPatientInvitations = pgTable(
  'doctor_patient_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Accepted or declined by the patient: the link is spent either way. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('doctor_patient_invitations_pair_idx').on(t.doctorId, t.patientId),
    index('doctor_patient_invitations_expires_idx').on(t.expiresAt),
  ],
);

/** Admin settings (SMTP, payments, general) that override the environment at run time. */
export const systemSettings = pgTable(
  'system_settings',
  {
    /** general, payment or email (modules/settings). */
    key: text('key').notNull(),
    /** The tab's plain fields; never a secret. */
    value: jsonb('value').notNull(),
    /** The tab's secrets as JSON, encrypted with the data key (lib/data-key-rotation.ts rotates it). */
    secrets: text('secrets'),
    /** Who saved last (the audit log has every change). */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.key] })],
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

// ── Account security: two-factor sign-in, trusted devices, email changes ──

/** One TOTP secret per user; enabledAt stays null until the first code confirms the enrolment. */
export const twoFactorSecrets = pgTable('two_factor_secrets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  /** Time step of the last accepted code: a code is never accepted twice. */
  lastTimeStep: integer('last_time_step'),
  createdAt: createdAt(),
});

/** Single-use recovery codes, stored hashed. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('two_factor_recovery_codes_user_idx').on(t.userId)],
);

/** The password step passed, the code step pending: a short-lived, hashed, attempt-limited challenge. */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/** "Lembrar este dispositivo por 30 dias": a random cookie token, stored hashed, bound to the user. */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    userAgent: text('user_agent'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    /** Last sign-in that skipped the code thanks to this device. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('trusted_devices_user_idx').on(t.userId)],
);

/** Browsers that already signed in to an account (hashed device cookie): a new one gets an email. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
);

/** A requested change of email address, applied only when the link sent to the new one is followed. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);

// ── Security: shared throttling counters ──────────────────────────────────

/**
 * Request counters every instance shares (per client address, per account, per recipient).
 * The key is a SHA-256 digest, so no email address or IP is stored here.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
    /** Set by back-off: no attempt is accepted before this instant. */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  },
  (t) => [index('rate_limit_counters_reset_idx').on(t.resetAt)],
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

// ── Consultation: consent, who is in the room, the room's chat ─────────────

/**
 * The patient's acceptance of a version of the teleconsultation consent (TCLE, CFM Res.
 * 2.314/2022): once per version, with when and from where.
 */
export const consentAcceptances = pgTable(
  'consent_acceptances',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    version: text('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** The patient withdrew this acceptance (kept, so what was accepted and when stays on record). */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  // One acceptance in force per version; withdrawn ones stay beside it.
  (t) => [
    uniqueIndex('consent_acceptances_user_version_key')
      .on(t.userId, t.version)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);

/** Presence in a consultation room, kept in the database so every instance agrees. */
export const consultationParticipants = pgTable(
  'consultation_participants',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstJoinedAt: timestamp('first_joined_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while in the room. */
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.userId] })],
);

/** The room's chat, kept with the consultation. */
export const consultationMessages = pgTable(
  'consultation_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The text; empty when the message is a file alone. */
    body: text('body').notNull(),
    /** A file shared in the room: private storage key, the name as sent, its real type and size. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: integer('file_size'),
    createdAt: createdAt(),
  },
  (t) => [
    index('consultation_messages_appointment_idx').on(t.appointmentId, t.createdAt),
    check(
      'consultation_messages_body_check',
      sql`length(${t.body}) <= 2000 and (length(${t.body}) >= 1 or ${t.fileKey} is not null)`,
    ),
    check(
      'consultation_messages_file_check',
      sql`(${t.fileKey} is null) = (${t.fileName} is null) and (${t.fileKey} is null) = (${t.fileMime} is null) and (${t.fileKey} is null) = (${t.fileSize} is null)`,
    ),
  ],
);

// ── Ledger: every money movement, double-entry, append-only (decision 080) ──

/**
 * The chart of accounts. Amounts are signed centavos: a debit is positive, a credit negative, and
 * the entries of one transaction sum to zero (a deferred trigger refuses any other commit).
 *
 * Money at the provider and the bank, split by how it moved (their sum is the cash Pulsa holds):
 *   patient_payments (+ in), refunds, payouts, provider_fees, chargebacks (− out).
 * Whose that money is (negative = a claim on it):
 *   doctor_held, doctor_available (per doctor: their share before and after its release),
 *   platform_commission (Pulsa's), refunds_payable (owed back to a patient by transfer),
 *   disputes_open (+ money the card networks took while a dispute is open; won or lost settles it).
 */
export const LEDGER_ACCOUNTS = [
  'patient_payments',
  'refunds',
  'payouts',
  'provider_fees',
  'chargebacks',
  'doctor_held',
  'doctor_available',
  'platform_commission',
  'refunds_payable',
  'disputes_open',
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
/** Accounts kept per doctor: their entries name the doctor. */
export const DOCTOR_ACCOUNTS = ['doctor_held', 'doctor_available', 'payouts'] as const;

export const LEDGER_KINDS = [
  'capture',
  'provider_fee',
  'refund',
  'refund_owed',
  'refund_transfer',
  'release',
  'release_adjustment',
  'chargeback_opened',
  'chargeback_won',
  'chargeback_lost',
  'payout',
  'payout_reversed',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /**
     * What caused it, once: `capture:<payment>`, `refund:<refund>`, `release:<payment>`, a provider's
     * event… A replayed cause finds its key taken and posts nothing.
     */
    sourceKey: text('source_key').notNull(),
    paymentId: uuid('payment_id').references(() => payments.id),
    doctorId: uuid('doctor_id').references(() => doctorProfiles.id),
    /** When it counts in balances: now, or later for a share released after its holding period. */
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_transactions_source_key').on(t.sourceKey),
    index('ledger_transactions_payment_idx').on(t.paymentId),
    index('ledger_transactions_effective_idx').on(t.effectiveAt),
    check('ledger_transactions_kind_check', sql`${t.kind} in (${inList(LEDGER_KINDS)})`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    /** Set for the doctor accounts (and payouts), null for the others. */
    doctorId: uuid('doctor_id').references(() => doctorProfiles.id),
    /** Copied from the transaction (a trigger checks it) so per-payment and per-period reads need no join. */
    paymentId: uuid('payment_id'),
    effectiveAt: timestamp('effective_at', { withTimezone: true }).notNull(),
    /** Signed centavos: debit > 0, credit < 0. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    // A doctor's balances and statement: held / available / paid out up to an instant.
    index('ledger_entries_doctor_idx')
      .on(t.doctorId, t.account, t.effectiveAt)
      .where(sql`${t.doctorId} is not null`),
    // Per-period totals of an account (dashboard) and a payment's own entries.
    index('ledger_entries_account_effective_idx').on(t.account, t.effectiveAt),
    index('ledger_entries_payment_idx').on(t.paymentId).where(sql`${t.paymentId} is not null`),
    check('ledger_entries_amount_check', sql`${t.amount} <> 0`),
    check('ledger_entries_account_check', sql`${t.account} in (${inList(LEDGER_ACCOUNTS)})`),
    check(
      'ledger_entries_doctor_check',
      sql`(${t.account} in (${inList(DOCTOR_ACCOUNTS)})) = (${t.doctorId} is not null)`,
    ),
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

// ── Payouts: the doctor's money leaving Pulsa (decision 082) ─────────────────

export const PAYOUT_METHODS = ['stripe_connect', 'pix'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/**
 * Where a doctor is paid. No row: not set up. `pending`: a Connect account whose onboarding the
 * provider has not approved yet; `active`: payouts may go there. One per doctor.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctorProfiles.id),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    status: text('status', { enum: ['pending', 'active'] })
      .notNull()
      .default('pending'),
    /** Stripe Connect: the Express account (acct_…). */
    stripeAccountId: text('stripe_account_id'),
    /** Manual PIX: the key the team transfers to, validated by its type. */
    pixKeyType: text('pix_key_type', { enum: PIX_KEY_TYPES }),
    pixKey: text('pix_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payout_accounts_stripe_account_key')
      .on(t.stripeAccountId)
      .where(sql`${t.stripeAccountId} is not null`),
    check('payout_accounts_method_check', sql`${t.method} in (${inList(PAYOUT_METHODS)})`),
    check('payout_accounts_status_check', sql`${t.status} in ('pending', 'active')`),
    check(
      'payout_accounts_details_check',
      sql`(${t.method} = 'stripe_connect' and ${t.stripeAccountId} is not null)
        or (${t.method} = 'pix' and ${t.pixKey} is not null and ${t.pixKeyType} is not null)`,
    ),
  ],
);

/**
 * Money sent to a doctor. Its ledger `payout` transaction (source key `payout:<id>`) is posted when
 * the payout is created, so the amount leaves the doctor's available balance at once; a failure
 * posts `payout_reversed` (`payout-reversed:<id>`) and the money is available again.
 * - in_transit: created (a Connect transfer sent, or a PIX the team still has to make);
 * - paid: arrived (Stripe's payout.paid, or the team recorded the PIX with its reference);
 * - failed: returned; the amount is back in the available balance.
 * `run_key` names the scheduled run that built it ("2026-11-30"), so a run repeated by another
 * instance builds nothing twice.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    amount: integer('amount').notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    status: text('status', { enum: ['in_transit', 'paid', 'failed'] })
      .notNull()
      .default('in_transit'),
    runKey: text('run_key').notNull(),
    /** Stripe: the transfer (tr_…); PIX: the end-to-end id the team recorded. */
    providerRef: text('provider_ref'),
    /** The PIX key paid, as it was (the doctor may change it later). */
    destination: text('destination'),
    /** The admin who recorded a manual PIX transfer. */
    recordedBy: uuid('recorded_by').references(() => users.id),
    failureReason: text('failure_reason'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payouts_doctor_run_key').on(t.doctorId, t.runKey),
    index('payouts_doctor_created_idx').on(t.doctorId, t.createdAt),
    index('payouts_in_transit_idx').on(t.createdAt).where(sql`${t.status} = 'in_transit'`),
    check('payouts_amount_check', sql`${t.amount} > 0`),
    check('payouts_method_check', sql`${t.method} in (${inList(PAYOUT_METHODS)})`),
    check('payouts_status_check', sql`${t.status} in ('in_transit', 'paid', 'failed')`),
  ],
);

// ── Earnings and reports (decision 084) ──────────────────────────────────────

/**
 * Per-day sums of the ledger per account, the day read in Brazil's time (`REPORT_TIME_ZONE`).
 * Each posting statement appends its own sums per (day, account) (a statement trigger on
 * `ledger_entries`, migration 0048): rows are never updated by a posting, so concurrent money
 * transactions never wait on each other here. A key may have several rows — readers always
 * `sum()` — and the `rollups-fold` job merges them into one now and then (decision 130).
 * The admin dashboard reads a long period from here instead of millions of entries.
 */
export const ledgerDaily = pgTable(
  'ledger_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    account: text('account', { enum: LEDGER_ACCOUNTS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [index('ledger_daily_day_account_idx').on(t.day, t.account)],
);

/**
 * Requested consultations (paid or authorised: `requested_at` set) per local day of their start,
 * the doctor's current specialty, status and who canceled. Row triggers on `appointments` append
 * −1 for the old state and +1 for the new, and a doctor's specialty change appends the move of their
 * counts; like `ledger_daily`, rows are only appended and folded later (decision 130).
 */
export const appointmentDaily = pgTable(
  'appointment_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    specialtyId: uuid('specialty_id'),
    status: appointmentStatusEnum('status').notNull(),
    canceledBy: appointmentActorEnum('canceled_by'),
    count: integer('count').notNull(),
  },
  (t) => [
    index('appointment_daily_key_idx').on(t.day, t.specialtyId, t.status, t.canceledBy),
    // The completed count of all time and the period's top specialties read only completed rows.
    index('appointment_daily_status_idx').on(t.status, t.day, t.specialtyId),
  ],
);

/** A doctor marked the Receita Saúde receipt of this payment as issued. No row: not issued. */
export const taxReceiptMarks = pgTable(
  'tax_receipt_marks',
  {
    paymentId: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tax_receipt_marks_doctor_idx').on(t.doctorId)],
);

/** The monthly reminder of receipts to issue, sent at most once per doctor and month ("2026-10"). */
export const taxReceiptReminders = pgTable(
  'tax_receipt_reminders',
  {
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    month: text('month').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.month] })],
);

// ── Card disputes (decision 083) ─────────────────────────────────────────────

/**
 * A card dispute (chargeback) as the provider reports it; the id is the provider's (Stripe's
 * dp_…). Its money moves in the ledger (`chargeback_opened`, `_won`, `_lost`, keyed by the
 * dispute), this row says where it stands for the team's screens.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: text('id').primaryKey(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    /** The network's reason as the provider names it (fraudulent, product_not_received…). */
    reason: text('reason'),
    status: text('status', { enum: ['open', 'won', 'lost'] })
      .notNull()
      .default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('disputes_payment_idx').on(t.paymentId),
    index('disputes_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    check('disputes_amount_check', sql`${t.amount} > 0`),
    check('disputes_status_check', sql`${t.status} in ('open', 'won', 'lost')`),
  ],
);

/**
 * Each word of a person's name, lower-case and without accents ("joão da silva" → joao, da, silva),
 * kept by a trigger on user_profiles (migration 0038). Lists that grow with the business find people
 * by the start of their words here — a range of one btree index however common the name — instead
 * of a substring scan over every name (decision 083).
 */
export const personNameWords = pgTable(
  'person_name_words',
  {
    word: text('word').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.userId] }),
    index('person_name_words_prefix_idx').on(t.word.op('text_pattern_ops'), t.userId),
    index('person_name_words_user_idx').on(t.userId),
  ],
);

// ── Clinical access log: who read a patient's clinical data, when and why (issue 19) ──

export const CLINICAL_RESOURCES = [
  'record',
  'document',
  'consultation_file',
  'history',
  'message',
  'export',
] as const;
export const CLINICAL_ACCESS_REASONS = [
  'own_consultation',
  'shared_history',
  'reported_message',
  'own_data',
] as const;

/**
 * Every read of clinical data (a record, a document, a consultation's file, a history, a reported
 * message) leaves one row here, written by `recordClinicalAccess`. Append-only: a trigger refuses
 * any update or delete (migration 0039). The patient reads their rows on "Quem acessou meus dados".
 */
export const clinicalAccessLog = pgTable(
  'clinical_access_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Whose data was read. */
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id),
    actorRole: text('actor_role', { enum: ['patient', 'doctor', 'admin'] }).notNull(),
    resource: text('resource', { enum: CLINICAL_RESOURCES }).notNull(),
    resourceId: text('resource_id').notNull(),
    reason: text('reason', { enum: CLINICAL_ACCESS_REASONS }).notNull(),
    /** The consultation (or report) the read happened in, when there is one. */
    appointmentId: uuid('appointment_id'),
    createdAt: createdAt(),
  },
  (t) => [index('clinical_access_log_patient_idx').on(t.patientId, t.createdAt.desc(), t.id)],
);

// ── Clinical documents: prescriptions, certificates, exam requests, reports (issue 19) ──

export const CLINICAL_DOCUMENT_KINDS = ['prescription', 'certificate', 'exam_request', 'report'] as const;

/**
 * A document a consultation's doctor issued (decision 086). Its content is encrypted with the data
 * key; the signed PDF lives in the private file storage with its SHA-256, which the public
 * verification compares. Rows are never deleted: a mistaken document is revoked with a reason.
 */
export const clinicalDocuments = pgTable(
  'clinical_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    doctorUserId: uuid('doctor_user_id')
      .notNull()
      .references(() => users.id),
    type: text('type', { enum: CLINICAL_DOCUMENT_KINDS }).notNull(),
    /** JSON of what the document says, encrypted (enc:v1:…). */
    content: text('content').notNull(),
    /** "7K3M-Q9XD-2HPA": printed with the QR, the key of the public verification. */
    verificationCode: text('verification_code').notNull().unique(),
    /** SHA-256 of the access code printed for the ITI validator's `_secretCode` (hex). */
    accessCodeHash: text('access_code_hash').notNull(),
    /** Names on the document as they were when it was issued. */
    doctorName: text('doctor_name').notNull(),
    doctorCrm: text('doctor_crm').notNull(),
    patientName: text('patient_name').notNull(),
    /** Who signed: the platform's seal (documents before decision 122), the doctor's A1 or cloud
     * certificate, or nobody yet: `pending` is a document waiting for the doctor's signature. */
    signer: text('signer', { enum: ['platform', 'a1', 'cloud', 'pending'] }).notNull(),
    signerName: text('signer_name').notNull(),
    /** The signing certificate as the verification page shows it (decision 122); null while pending. */
    signerCpfMasked: text('signer_cpf_masked'),
    signerIssuer: text('signer_issuer'),
    signerCertNotBefore: timestamp('signer_cert_not_before', { withTimezone: true }),
    signerCertNotAfter: timestamp('signer_cert_not_after', { withTimezone: true }),
    signerChain: text('signer_chain', { enum: ['icp_brasil', 'test', 'untrusted'] }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('clinical_documents_appointment_idx').on(t.appointmentId, t.issuedAt),
    index('clinical_documents_patient_idx').on(t.patientId, t.issuedAt),
    check('clinical_documents_revocation_check', sql`(${t.revokedAt} is null) = (${t.revokeReason} is null)`),
    check('clinical_documents_signed_check', sql`(${t.signer} = 'pending') = (${t.signedAt} is null)`),
  ],
);

// ── The doctor's cloud signature (issue 27, decisions 121 and 122) ──

/**
 * A doctor's link to a PSC (a cloud certificate provider): the signing session's token, encrypted
 * with the data key and never returned, until `session_expires_at`; the certificate it signs with.
 * Revoking the link deletes the row, token included.
 */
export const signatureLinks = pgTable('signature_links', {
  doctorUserId: uuid('doctor_user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  accessToken: text('access_token'),
  sessionExpiresAt: timestamp('session_expires_at', { withTimezone: true }),
  /** The certificate chain (signer first), base64 DER, as the PSC gave it. */
  certificateChain: jsonb('certificate_chain').$type<string[]>().notNull(),
  holder: text('holder').notNull(),
  issuer: text('issuer').notNull(),
  certNotAfter: timestamp('cert_not_after', { withTimezone: true }).notNull(),
  chainKind: text('chain_kind', { enum: ['icp_brasil', 'test', 'untrusted'] }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** An authorisation under way at a PSC: its PKCE verifier (encrypted) until the PSC redirects back. */
export const signatureAuthorizations = pgTable('signature_authorizations', {
  stateHash: text('state_hash').primaryKey(),
  doctorUserId: uuid('doctor_user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

// ── Data rights: data exports and account deletions (issue 19, decisions 088 and 089) ──

export const DATA_EXPORT_STATUSES = ['pending', 'ready', 'failed', 'expired'] as const;

/**
 * A person's "Baixar meus dados": a job builds the ZIP, keeps it in private storage and emails a
 * link (its token stored hashed, like the auth tokens) that works until `expires_at`; then the file
 * is removed and the row stays as the record that a copy was given.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: DATA_EXPORT_STATUSES }).notNull().default('pending'),
    storageKey: text('storage_key'),
    sizeBytes: integer('size_bytes'),
    tokenHash: text('token_hash').unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('data_exports_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * An account deleted by its owner: the non-clinical data was anonymised at `deleted_at`; the
 * clinical data (consultations, chat, files, records, access log) is kept until `retain_until`
 * (last clinical entry + 20 years, Lei 13.787/2018).
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id),
  role: text('role', { enum: ['patient', 'doctor'] }).notNull(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null when there was no clinical entry to keep. */
  retainUntil: date('retain_until'),
  canceledAppointments: integer('canceled_appointments').notNull().default(0),
});

// ── Clinical record: CID-10, each consultation's record, its addenda, the patient's shares (issue 19) ──

/**
 * The project's CID-10 table (generated from the DATASUS tables into the records module's data
 * file, loaded idempotently by version; decision 085). `code` without the dot (J450), `display`
 * with it (J45.0); `kind` category (3 characters) or subcategory.
 */
export const cid10Codes = pgTable(
  'cid10_codes',
  {
    code: text('code').primaryKey(),
    display: text('display').notNull(),
    description: text('description').notNull(),
    kind: text('kind', { enum: ['category', 'subcategory'] }).notNull(),
    /** 'F' or 'M' when the code applies to one sex only. */
    sex: text('sex'),
    version: text('version').notNull(),
  },
  (t) => [index('cid10_codes_code_prefix_idx').on(t.code.op('text_pattern_ops'))],
);

/** Each word of a CID-10 description, lower-case without accents: word-prefix search by index. */
export const cid10Words = pgTable(
  'cid10_words',
  {
    word: text('word').notNull(),
    code: text('code')
      .notNull()
      .references(() => cid10Codes.code, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.word, t.code] }),
    index('cid10_words_prefix_idx').on(t.word.op('text_pattern_ops'), t.code),
  ],
);

/**
 * The record of one consultation, written by its doctor. `content` is the encrypted JSON of the
 * SOAP note, diagnoses and conduct (and, once signed, the header as it stood). Once `signed_at` is
 * set a trigger refuses any update or delete (migration); only addenda follow.
 */
export const clinicalRecords = pgTable(
  'clinical_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .unique()
      .references(() => appointments.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    /** The author: the consultation's doctor (user id). */
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    content: text('content').notNull(),
    /** Optimistic concurrency for drafts: each save must name the revision it started from. */
    revision: integer('revision').notNull().default(1),
    /** SHA-256 (hex) of what was signed: the canonical JSON of header and content. */
    contentHash: text('content_hash'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('clinical_records_patient_idx').on(t.patientId, t.createdAt.desc()),
    index('clinical_records_author_pending_idx').on(t.authorId).where(sql`${t.signedAt} is null`),
    check('clinical_records_signed_check', sql`(${t.signedAt} is null) = (${t.contentHash} is null)`),
  ],
);

/** A dated, signed addendum to a locked record, by its author. Append-only (trigger). */
export const clinicalRecordAddenda = pgTable(
  'clinical_record_addenda',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recordId: uuid('record_id')
      .notNull()
      .references(() => clinicalRecords.id),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id),
    /** Encrypted text. */
    content: text('content').notNull(),
    contentHash: text('content_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('clinical_record_addenda_record_idx').on(t.recordId, t.createdAt)],
);

/**
 * The patient lets one doctor see the records other doctors wrote about them. Revoking sets
 * `revoked_at` (the grant stays as proof of what was consented and when); one share in force per
 * doctor.
 */
export const recordShares = pgTable(
  'record_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('record_shares_in_force_key').on(t.patientId, t.doctorId).where(sql`${t.revokedAt} is null`),
  ],
);

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
