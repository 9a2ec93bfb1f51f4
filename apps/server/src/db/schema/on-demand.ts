import type { OpeningWindow } from '@pulsa/shared/on-demand/service-rules';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { appointments } from './care.ts';
import { doctorProfiles, specialties } from './catalogue.ts';
import { createdAt, updatedAt } from './columns.ts';

/** Pronto atendimento (decision 143): each specialty's service, the doctors on duty, the forecasts. */

/** A specialty offered on demand, as an admin set it. */
export const onDemandServices = pgTable(
  'on_demand_services',
  {
    specialtyId: uuid('specialty_id')
      .primaryKey()
      .references(() => specialties.id),
    enabled: boolean('enabled').notNull().default(false),
    /** Centavos. */
    price: integer('price').notNull(),
    /** The guarantee: nobody waits longer than this without their money back. */
    maxWaitMinutes: integer('max_wait_minutes').notNull(),
    /** At most this many waiting; beyond it joining is refused. */
    capacity: integer('capacity').notNull(),
    /** The usual length the forecast starts from, until doctors have their own. */
    consultationMinutes: integer('consultation_minutes').notNull(),
    /** Weekly windows, São Paulo time. */
    hours: jsonb('hours').$type<OpeningWindow[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('on_demand_services_price_check', sql`${t.price} > 0`),
    check('on_demand_services_wait_check', sql`${t.maxWaitMinutes} > 0`),
    check('on_demand_services_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/** A doctor on duty for their specialty's queue; the row is deleted when they go off duty. */
export const doctorDuty = pgTable(
  'doctor_duty',
  {
    doctorId: uuid('doctor_id')
      .primaryKey()
      .references(() => doctorProfiles.id),
    specialtyId: uuid('specialty_id')
      .notNull()
      .references(() => specialties.id),
    since: timestamp('since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('doctor_duty_specialty_idx').on(t.specialtyId)],
);

/**
 * The forecast shown to a patient when they joined, and the wait that came (filled when called, or
 * when they left the line otherwise): its error is measured, not guessed.
 */
export const queuePredictions = pgTable(
  'queue_predictions',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id),
    specialtyId: uuid('specialty_id')
      .notNull()
      .references(() => specialties.id),
    madeAt: timestamp('made_at', { withTimezone: true }).notNull(),
    /** People ahead when it was made. */
    ahead: integer('ahead').notNull(),
    doctorsOnDuty: integer('doctors_on_duty').notNull(),
    lowMinutes: integer('low_minutes').notNull(),
    highMinutes: integer('high_minutes').notNull(),
    /** Minutes from joining the line to the call; null while waiting or when never called. */
    actualMinutes: real('actual_minutes'),
    /** How the wait ended: called, left, timeout, queue_closed, payment. */
    outcome: text('outcome'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [index('queue_predictions_specialty_made_idx').on(t.specialtyId, t.madeAt)],
);
