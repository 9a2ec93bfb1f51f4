import { pgEnum, timestamp } from 'drizzle-orm/pg-core';

/** Column helpers and the enums the tables share (see schema.ts for the units). */

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

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
export const appointmentKindEnum = pgEnum('appointment_kind', ['booked', 'on_demand']);
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
