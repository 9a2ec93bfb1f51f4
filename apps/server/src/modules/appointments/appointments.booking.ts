import type { PaymentMethod } from '@pulsa/shared/constants/statuses';
import {
  type AppointmentDto,
  type BillingAddress,
  BOLETO_MAX_HOLD_HOURS,
  BOLETO_MIN_DAYS_AHEAD,
  HOLD_MINUTES,
  APPOINTMENT_MESSAGES as M,
  MAX_PENDING_BOOKINGS,
  MAX_UNPAID_HOLDS,
} from '@pulsa/shared/schemas/appointments';
import { SETTINGS_MESSAGES } from '@pulsa/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError, conflict, isExclusionViolation, notFound } from '../../lib/errors.ts';
import { listFreeSlots } from '../doctors/doctors.agenda.service.ts';
import { localDateOf, wallTimeToInstant } from '../doctors/slots.ts';
import { nextBusinessDay } from '../payments/boleto.ts';
import { openPayment } from '../payments/payments.service.ts';
import type { BookingContext } from './appointments.context.ts';
import { announce, BY_RULES, tellAbout, transition } from './appointments.lifecycle.ts';
import {
  doctorForBooking,
  findAppointmentDto,
  insertAppointment,
  lapsedHoldsOverlapping,
  patientProfile,
  pendingBookings,
  rangeTaken,
  saveBillingAddress,
} from './appointments.repository.ts';
import { nearestSlots } from './appointments.slots.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const SAO_PAULO = 'America/Sao_Paulo';

/**
 * A boleto is due the next business day and holds its slot to the end of that day, but never longer
 * than BOLETO_MAX_HOLD_HOURS: an unpaid boleto cannot sit on an agenda over a long weekend
 * (decision 065).
 */
function boletoHold(now: Date): { dueDate: string; until: Date } {
  const dueDate = nextBusinessDay(localDateOf(now, SAO_PAULO));
  const endOfDue = wallTimeToInstant(dueDate, 24 * 60 - 1, SAO_PAULO).getTime();
  return { dueDate, until: new Date(Math.min(endOfDue, now.getTime() + BOLETO_MAX_HOLD_HOURS * HOUR)) };
}

/** The billing address kept from the patient's last boleto. */
export async function storedBillingAddress(db: Queryable, patientId: string): Promise<BillingAddress | null> {
  return (await patientProfile(db, patientId))?.billingAddress ?? null;
}

class SlotTaken extends Error {}

/** The 409 of a slot someone else has, with the doctor's nearest free slots. */
export async function slotTaken(ctx: BookingContext, doctorId: string, start: Date, now = new Date()) {
  return new AppError(409, M.slotTaken, {
    code: 'slot_taken',
    extra: { nearest: await nearestSlots(ctx.db, doctorId, start, now) },
  });
}

/**
 * A patient holds a free slot while paying, and a paid request holds it until the doctor answers:
 * one unpaid hold per doctor, at most MAX_UNPAID_HOLDS unpaid and MAX_PENDING_BOOKINGS waiting in
 * all (a card authorisation blocks a slot as much as a hold), so nobody can sit on an agenda.
 * Checked under a per-patient lock, so bookings sent at once cannot both pass.
 */
async function checkPending(tx: Queryable, patientId: string, doctorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`holds:${patientId}`}))`);
  const pending = await pendingBookings(tx, patientId);
  const unpaid = pending.filter((p) => p.unpaid);
  if (unpaid.some((p) => p.doctorId === doctorId))
    throw conflict(M.holdWithDoctor, undefined, 'hold_with_doctor');
  if (unpaid.length >= MAX_UNPAID_HOLDS) throw conflict(M.tooManyHolds, undefined, 'too_many_holds');
  if (pending.length >= MAX_PENDING_BOOKINGS)
    throw conflict(M.tooManyRequests, undefined, 'too_many_requests');
}

export async function book(
  ctx: BookingContext,
  patientId: string,
  input: {
    doctorId: string;
    startsAt: string;
    notes?: string;
    captions?: boolean;
    method: PaymentMethod;
    billingAddress?: BillingAddress;
  },
  now = new Date(),
): Promise<AppointmentDto> {
  // The one place a booking starts: maintenance refuses new ones; every booking made keeps going.
  if (await ctx.inMaintenance?.()) throw conflict(SETTINGS_MESSAGES.maintenance, undefined, 'maintenance');
  const start = new Date(input.startsAt);
  const doctor = await doctorForBooking(ctx.db, input.doctorId, start);
  if (doctor?.status !== 'approved' || doctor.price === null) throw notFound(M.doctorNotFound);
  if (doctor.userId === patientId) throw new AppError(400, M.ownAppointment, { code: 'own_appointment' });
  const end = new Date(start.getTime() + doctor.minutes * MINUTE);
  const fieldError = (field: string, message: string) =>
    new AppError(400, message, { fieldErrors: { [field]: message }, code: 'invalid_booking' });
  if (input.method === 'boleto' && start.getTime() - now.getTime() < BOLETO_MIN_DAYS_AHEAD * 24 * HOUR)
    throw fieldError('method', M.boletoTooSoon);
  const boleto = input.method === 'boleto' ? boletoHold(now) : undefined;
  const holdUntil = boleto ? boleto.until : new Date(now.getTime() + HOLD_MINUTES * MINUTE);
  const taken = () => slotTaken(ctx, doctor.id, start, now);
  if (doctor.taken) throw await taken();
  const patient = await patientProfile(ctx.db, patientId);
  if (!patient) throw notFound(M.notFound);
  // A boleto names its payer's address: the one typed now (kept for next time), else the one kept.
  const address = input.method === 'boleto' ? (input.billingAddress ?? patient.billingAddress ?? null) : null;
  if (input.method === 'boleto' && !address) throw fieldError('billingAddress', M.addressRequired);

  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      // One booking of a given slot at a time: while one is being written, the others of a race
      // answer at once instead of queueing behind it (the constraint still covers overlaps of
      // slots that start at different times).
      const lock = await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtext(${`booking:${doctor.id}:${start.toISOString()}`})) as ok`,
      );
      if (!(lock.rows[0] as { ok: boolean } | undefined)?.ok) throw new SlotTaken();
      if (await rangeTaken(tx, doctor.id, start, end)) throw new SlotTaken();
      await checkPending(tx, patientId, doctor.id);
      // Unpaid holds whose time has passed stop holding the range: they expire now, by the rules.
      for (const lapsed of await lapsedHoldsOverlapping(tx, { doctorId: doctor.id, patientId }, start, end))
        await transition(ctx, tx, lapsed, { kind: 'expire_hold' }, BY_RULES, now);
      // The slot must be one the agenda offers now (windows, exceptions, notice, horizon).
      const offered = await listFreeSlots(
        tx,
        doctor.id,
        { from: start, to: new Date(start.getTime() + 1) },
        now,
      );
      if (!offered.some((s) => s.start.getTime() === start.getTime())) throw new SlotTaken();
      const appointmentId = await insertAppointment(tx, {
        patientId,
        doctorId: doctor.id,
        startsAt: start,
        endsAt: end,
        price: doctor.price as number,
        notes: input.notes ?? null,
        captionsRequested: input.captions ?? false,
        holdExpiresAt: holdUntil,
        policyAcceptedAt: now,
      });
      await openPayment(tx, ctx.provider, {
        appointmentId,
        doctorId: doctor.id,
        patientId,
        specialtyId: doctor.specialtyId,
        amount: doctor.price as number,
        method: input.method,
        payer: { name: patient.fullName, email: patient.email, cpf: patient.cpf, address },
        description: `Consulta com ${doctor.name}`,
        boletoDueDate: boleto?.dueDate,
      });
      if (input.method === 'boleto' && input.billingAddress)
        await saveBillingAddress(tx, patientId, input.billingAddress);
      // Card and PIX are paid on the checkout page itself; a boleto is paid later, from its reminder.
      if (input.method === 'boleto') await tellAbout(ctx, tx, appointmentId, 'received');
      await announce(tx, appointmentId);
      return appointmentId;
    });
  } catch (error) {
    if (isExclusionViolation(error, 'appointments_patient_no_overlap'))
      throw conflict(M.patientBusy, undefined, 'patient_busy');
    if (isExclusionViolation(error, 'appointments_doctor_no_overlap') || error instanceof SlotTaken)
      throw await taken();
    throw error;
  }
  await ctx.jobs.holdExpiry(id, holdUntil);
  return (await findAppointmentDto(ctx.db, id, 'patient')) as AppointmentDto;
}
