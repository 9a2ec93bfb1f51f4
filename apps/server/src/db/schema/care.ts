import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { doctorProfiles, specialties } from './catalogue.ts';
import {
  appointmentActorEnum,
  appointmentKindEnum,
  appointmentStatusEnum,
  createdAt,
  paymentMethodEnum,
  paymentStatusEnum,
  updatedAt,
} from './columns.ts';

/** Appointments, payments, refunds, commissions and the consultation room. */
// ── Care and money ────────────────────────────────────────────────────────

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    /** Null only while an on-demand patient waits in the queue: the doctor who calls them is set then. */
    doctorId: uuid('doctor_id').references(() => doctorProfiles.id),
    /** A consultation booked in a doctor's slot, or taken from a specialty's on-demand queue (decision 143). */
    kind: appointmentKindEnum('kind').notNull().default('booked'),
    /** On demand: the specialty whose queue the patient joined. */
    specialtyId: uuid('specialty_id').references(() => specialties.id),
    /** On demand: when a doctor called the patient from the queue. */
    calledAt: timestamp('called_at', { withTimezone: true }),
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
    // Only a patient still in the on-demand queue (or who left it) has no doctor.
    check(
      'appointments_doctor_check',
      sql`${t.doctorId} is not null or (${t.kind} = 'on_demand' and ${t.status} in ('scheduled', 'canceled'))`,
    ),
    check(
      'appointments_on_demand_specialty_check',
      sql`${t.kind} = 'booked' or ${t.specialtyId} is not null`,
    ),
    // The queue in order, per specialty: "Chamar próximo" reads its head.
    index('appointments_on_demand_queue_idx')
      .on(t.specialtyId, t.requestedAt)
      .where(sql`${t.kind} = 'on_demand' and ${t.status} = 'scheduled' and ${t.doctorId} is null`),
    // One place in the queues per patient, and one on-demand patient per doctor at a time.
    uniqueIndex('appointments_on_demand_one_waiting_key')
      .on(t.patientId)
      .where(sql`${t.kind} = 'on_demand' and ${t.status} = 'scheduled'`),
    uniqueIndex('appointments_on_demand_one_held_key')
      .on(t.doctorId)
      .where(sql`${t.kind} = 'on_demand' and ${t.status} in ('confirmed', 'in_progress')`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id),
    /** Null while the on-demand patient it pays for waits for a doctor (a card held, never captured). */
    doctorId: uuid('doctor_id').references(() => doctorProfiles.id),
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
