import type { PaymentMethod } from '@pulsa/shared/constants/statuses';
import {
  type AppointmentDto,
  type BillingAddress,
  BOLETO_MIN_DAYS_AHEAD,
  CANCELLATION_REASONS,
  type CancellationPreview,
  FREE_CANCELLATION_HOURS,
  HOLD_MINUTES,
  APPOINTMENT_MESSAGES as M,
  REQUEST_ANSWER_BEFORE_START_HOURS,
  REQUEST_ANSWER_HOURS,
} from '@pulsa/shared/schemas/appointments';
import { UNENDED_CLOSE_AFTER_HOURS } from '@pulsa/shared/schemas/consultations';
import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import {
  appointmentEvents,
  appointments,
  consultationParticipants,
  doctorProfiles,
  userProfiles,
} from '../../db/schema.ts';
import { AppError, conflict, isExclusionViolation, notFound } from '../../lib/errors.ts';
import { listFreeSlots } from '../doctors/doctors.agenda.service.ts';
import { slotDaysOfDoctors } from '../doctors/doctors.slots-batch.ts';
import { localDateOf, wallTimeToInstant } from '../doctors/slots.ts';
import { addRegisteredPatient } from '../patients/patients.repository.ts';
import { nextBusinessDay } from '../payments/boleto.ts';
import { refundPolicy } from '../payments/money.ts';
import {
  abandonPayment,
  claimEvent,
  lockPayment,
  lockPaymentByRef,
  openPayment,
  type PaymentRow,
  type RefundOutcome,
  recordCardCharge,
  refundPayment,
  setPaymentStatus,
  settleTransferRefund,
} from '../payments/payments.service.ts';
import type { PaymentProvider, ProviderEvent } from '../payments/provider.ts';
import { sandboxEventId } from '../payments/sandbox-provider.ts';
import {
  type AppointmentEvent,
  type MessageSubject,
  type TellContext,
  tell,
} from './appointments.messages.ts';
import { findAppointmentDto, lockAppointment, lockLivePayment } from './appointments.repository.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Background work the rules ask for; each job re-checks the appointment before acting. */
export interface BookingJobs {
  holdExpiry(appointmentId: string, at: Date): Promise<void>;
  requestExpiry(appointmentId: string, at: Date): Promise<void>;
  /** The timers of a confirmed time: the reminders before it and the closing of an unended consultation. */
  timers(appointmentId: string, slot: { startsAt: Date; endsAt: Date }): Promise<void>;
}

export interface BookingContext {
  db: Db;
  appUrl: string;
  provider: PaymentProvider;
  onEmailQueued: () => void;
  jobs: BookingJobs;
}

export interface Viewer {
  id: string;
  role: 'admin' | 'doctor' | 'patient';
}

export type Actor = 'patient' | 'doctor' | 'admin' | 'system';

function subjectOf(dto: AppointmentDto): MessageSubject {
  return {
    id: dto.id,
    startsAt: new Date(dto.startsAt),
    timeZone: dto.timeZone,
    doctor: { userId: dto.doctor.id, name: dto.doctor.name, email: dto.doctor.email },
    patient: { userId: dto.patient.id, name: dto.patient.name, email: dto.patient.email },
  };
}

export async function tellAbout(
  ctx: TellContext,
  tx: Queryable,
  id: string,
  event: AppointmentEvent,
  extra: { reason?: string; amount?: number } = {},
) {
  const dto = await findAppointmentDto(tx, id, 'system');
  if (dto) await tell(ctx, tx, event, subjectOf(dto), extra);
}

/** Keeps who did what to an appointment and why (an admin's reason, a rule's). */
export async function recordEvent(
  tx: Queryable,
  appointmentId: string,
  by: { actor: Actor; actorId?: string | null },
  action: string,
  reason?: string | null,
) {
  await tx.insert(appointmentEvents).values({
    appointmentId,
    actor: by.actor,
    actorId: by.actorId ?? null,
    action,
    reason: reason ?? null,
  });
}

const byViewer = (viewer: Viewer) => ({ actor: viewer.role as Actor, actorId: viewer.id });
const BY_RULES = { actor: 'system' as Actor };

/** Who may see an appointment: its patient, its doctor, any admin. Others get a 404. */
export async function getForViewer(ctx: BookingContext, viewer: Viewer, id: string): Promise<AppointmentDto> {
  const dto = await findAppointmentDto(ctx.db, id, viewer.role);
  if (!dto || !canSee(viewer, dto)) throw notFound(M.notFound);
  return dto;
}

function canSee(viewer: Viewer, dto: AppointmentDto): boolean {
  if (viewer.role === 'admin') return true;
  if (viewer.role === 'patient') return dto.patient.id === viewer.id;
  return dto.doctor.id === viewer.id;
}

/**
 * The doctor as booking needs them and, in the same query, whether an active appointment already
 * holds the consultation that would start at `start`: most losers of a race are answered by this one
 * read (the exclusion constraint stays the guarantee).
 */
async function doctorForBooking(db: Queryable, doctorId: string, start: Date) {
  const startsAt = start.toISOString();
  const [row] = await db
    .select({
      id: doctorProfiles.id,
      userId: doctorProfiles.userId,
      price: doctorProfiles.consultationPrice,
      minutes: doctorProfiles.consultationMinutes,
      timeZone: doctorProfiles.timeZone,
      specialtyId: doctorProfiles.specialtyId,
      status: doctorProfiles.verificationStatus,
      name: userProfiles.fullName,
      taken: sql<boolean>`exists (
        select 1 from ${appointments}
        where ${appointments.doctorId} = ${doctorProfiles.id}
          and ${appointments.status} <> 'canceled'
          and (${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())
          and ${appointments.startsAt} < ${startsAt}::timestamptz + ${doctorProfiles.consultationMinutes} * interval '1 minute'
          and ${appointments.endsAt} > ${startsAt}::timestamptz
      )`,
    })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(doctorProfiles.id, doctorId));
  return row;
}

/** The end of a boleto's due date on the São Paulo clock: the slot is held until then. */
function boletoHold(now: Date): { dueDate: string; until: Date } {
  const dueDate = nextBusinessDay(localDateOf(now, 'America/Sao_Paulo'));
  return { dueDate, until: wallTimeToInstant(dueDate, 24 * 60 - 1, 'America/Sao_Paulo') };
}

/**
 * The losers of one race all ask for the same suggestions: they are computed once and shared for a
 * moment (a stale suggestion at worst gets its own clean 409).
 */
const recentNearest = new Map<string, { at: number; slots: Promise<{ start: string; end: string }[]> }>();
const NEAREST_REUSE_MS = 2000;

function nearestSlots(db: Queryable, doctorId: string, wanted: Date, now: Date) {
  const key = `${doctorId}|${wanted.toISOString()}`;
  const cached = recentNearest.get(key);
  if (cached && now.getTime() - cached.at < NEAREST_REUSE_MS) return cached.slots;
  for (const [k, v] of recentNearest) if (now.getTime() - v.at >= NEAREST_REUSE_MS) recentNearest.delete(k);
  const slots = computeNearestSlots(db, doctorId, wanted, now);
  recentNearest.set(key, { at: now.getTime(), slots });
  slots.catch(() => recentNearest.delete(key));
  return slots;
}

async function computeNearestSlots(db: Queryable, doctorId: string, wanted: Date, now: Date) {
  const from = new Date(Math.max(now.getTime(), wanted.getTime() - 3 * 24 * HOUR));
  const days = await slotDaysOfDoctors(
    db,
    [doctorId],
    { fromDate: from.toISOString().slice(0, 10), days: 10 },
    now,
  );
  return (days.get(doctorId) ?? [])
    .flatMap((d) => d.slots)
    .filter((s) => s.start.getTime() !== wanted.getTime())
    .sort(
      (a, b) =>
        Math.abs(a.start.getTime() - wanted.getTime()) - Math.abs(b.start.getTime() - wanted.getTime()),
    )
    .slice(0, 3)
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((s) => ({ start: s.start.toISOString(), end: s.end.toISOString() }));
}

/** True when an active appointment holds part of the range (checked again under the booking's lock). */
async function rangeTaken(db: Queryable, doctorId: string, start: Date, end: Date): Promise<boolean> {
  const rows = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.doctorId, doctorId),
        sql`${appointments.status} <> 'canceled'`,
        sql`(${appointments.holdExpiresAt} is null or ${appointments.holdExpiresAt} > now())`,
        sql`${appointments.startsAt} < ${end.toISOString()}`,
        sql`${appointments.endsAt} > ${start.toISOString()}`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Cancels unpaid holds whose time has passed over a range, so they stop holding it. */
async function releaseLapsedHolds(ctx: BookingContext, tx: Queryable, where: ReturnType<typeof and>) {
  const lapsed = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(where, eq(appointments.status, 'scheduled'), lt(appointments.holdExpiresAt, sql`now()`)))
    .for('update');
  for (const { id } of lapsed) await expireHoldIn(ctx, tx, id);
}

/** The billing address kept from the patient's last boleto. */
export async function storedBillingAddress(db: Queryable, patientId: string): Promise<BillingAddress | null> {
  const [row] = await db
    .select({ billingAddress: userProfiles.billingAddress })
    .from(userProfiles)
    .where(eq(userProfiles.id, patientId));
  return row?.billingAddress ?? null;
}

export async function book(
  ctx: BookingContext,
  patientId: string,
  input: {
    doctorId: string;
    startsAt: string;
    notes?: string;
    method: PaymentMethod;
    billingAddress?: BillingAddress;
  },
  now = new Date(),
): Promise<AppointmentDto> {
  const start = new Date(input.startsAt);
  const doctor = await doctorForBooking(ctx.db, input.doctorId, start);
  if (!doctor || doctor.status !== 'approved' || doctor.price === null) throw notFound(M.doctorNotFound);
  if (doctor.userId === patientId) throw new AppError(400, M.ownAppointment, { code: 'own_appointment' });
  const end = new Date(start.getTime() + doctor.minutes * MINUTE);
  const fieldError = (field: string, message: string) =>
    new AppError(400, message, { fieldErrors: { [field]: message }, code: 'invalid_booking' });
  if (input.method === 'boleto' && start.getTime() - now.getTime() < BOLETO_MIN_DAYS_AHEAD * 24 * HOUR)
    throw fieldError('method', M.boletoTooSoon);
  const boleto = input.method === 'boleto' ? boletoHold(now) : undefined;
  const holdUntil = boleto ? boleto.until : new Date(now.getTime() + HOLD_MINUTES * MINUTE);
  const taken = async () =>
    new AppError(409, M.slotTaken, {
      code: 'slot_taken',
      extra: { nearest: await nearestSlots(ctx.db, doctor.id, start, now) },
    });
  if (doctor.taken) throw await taken();
  const [patient] = await ctx.db.select().from(userProfiles).where(eq(userProfiles.id, patientId));
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
      if (!(lock.rows[0] as { ok: boolean } | undefined)?.ok) throw slotTaken();
      if (await rangeTaken(tx, doctor.id, start, end)) throw slotTaken();
      const overlapping = and(
        or(eq(appointments.doctorId, doctor.id), eq(appointments.patientId, patientId)),
        sql`tstzrange(${appointments.startsAt}, ${appointments.endsAt}) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      );
      await releaseLapsedHolds(ctx, tx, overlapping);
      // The slot must be one the agenda offers now (windows, exceptions, notice, horizon).
      const offered = await listFreeSlots(
        tx,
        doctor.id,
        { from: start, to: new Date(start.getTime() + 1) },
        now,
      );
      if (!offered.some((s) => s.start.getTime() === start.getTime())) throw slotTaken();
      const [row] = await tx
        .insert(appointments)
        .values({
          patientId,
          doctorId: doctor.id,
          startsAt: start,
          endsAt: end,
          price: doctor.price as number,
          notes: input.notes ?? null,
          holdExpiresAt: holdUntil,
          policyAcceptedAt: now,
        })
        .returning({ id: appointments.id });
      const appointmentId = (row as { id: string }).id;
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
        await tx
          .update(userProfiles)
          .set({ billingAddress: input.billingAddress, updatedAt: new Date() })
          .where(eq(userProfiles.id, patientId));
      await tellAbout(ctx, tx, appointmentId, 'received');
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

class SlotTaken extends Error {}
const slotTaken = () => new SlotTaken('slot taken');

/** The patient's own appointment, locked, with its live payment; anything else is a 404. */
async function lockOwn(tx: Queryable, viewer: Viewer, id: string) {
  const appointment = await lockAppointment(tx, id);
  if (!appointment) throw notFound(M.notFound);
  if (viewer.role === 'patient' && appointment.patientId !== viewer.id) throw notFound(M.notFound);
  if (viewer.role === 'doctor') {
    const [doctor] = await tx
      .select({ userId: doctorProfiles.userId })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, appointment.doctorId));
    if (doctor?.userId !== viewer.id) throw notFound(M.notFound);
  }
  return { appointment, payment: await lockLivePayment(tx, id) };
}

/**
 * When the doctor must have answered a request: 24 h after it reached them, or 2 h before the
 * start, whichever comes first (never before now).
 */
function answerDeadline(requestedAt: Date, startsAt: Date, now: Date): Date {
  const due = Math.min(
    requestedAt.getTime() + REQUEST_ANSWER_HOURS * HOUR,
    startsAt.getTime() - REQUEST_ANSWER_BEFORE_START_HOURS * HOUR,
  );
  return new Date(Math.max(due, now.getTime()));
}

/** The payment is secured (card authorised or money received): the request goes to the doctor. */
async function securePayment(ctx: BookingContext, tx: Queryable, appointmentId: string, now: Date) {
  const appointment = await lockAppointment(tx, appointmentId);
  if (!appointment || appointment.status !== 'scheduled' || appointment.holdExpiresAt === null) return;
  const respondBy = answerDeadline(now, appointment.startsAt, now);
  await tx
    .update(appointments)
    .set({ holdExpiresAt: null, requestedAt: now, respondBy, updatedAt: now })
    .where(eq(appointments.id, appointmentId));
  await tellAbout(ctx, tx, appointmentId, 'requested');
  return respondBy;
}

/**
 * Applies a provider's event once, whatever the order or how often it arrives: the sandbox's
 * buttons and Stripe's webhooks both end here.
 */
export async function applyProviderEvent(
  ctx: BookingContext,
  providerName: string,
  event: ProviderEvent,
  now = new Date(),
) {
  const outcome = await ctx.db.transaction(async (tx) => {
    const payment = await lockPaymentByRef(tx, providerName, event.providerRef);
    if (!payment) return undefined;
    if (!(await claimEvent(tx, providerName, event, payment.id))) return undefined;
    const appointment = await lockAppointment(tx, payment.appointmentId);
    if (!appointment) return undefined;
    switch (event.type) {
      case 'authorized':
        if (payment.status !== 'pending') return undefined;
        await setPaymentStatus(tx, payment.id, {
          status: 'processing',
          authorizedAt: now,
          failureMessage: null,
        });
        break;
      case 'paid':
        if (payment.status !== 'pending' && payment.status !== 'processing') return undefined;
        await setPaymentStatus(tx, payment.id, { status: 'paid', paidAt: now, failureMessage: null });
        await tellAbout(ctx, tx, appointment.id, 'payment_confirmed', { amount: payment.amount });
        break;
      case 'failed':
        if (payment.status !== 'pending') return undefined;
        await setPaymentStatus(tx, payment.id, { failureMessage: event.failureMessage ?? null });
        return undefined;
      case 'canceled':
        if (payment.status !== 'pending' && payment.status !== 'processing') return undefined;
        await setPaymentStatus(tx, payment.id, {
          status: 'failed',
          failureMessage: event.failureMessage ?? null,
        });
        return undefined;
      case 'refunded':
        if (payment.status === 'paid')
          await setPaymentStatus(tx, payment.id, { status: 'refunded', refundedAt: now });
        return undefined;
    }
    // Money that arrives for an appointment already canceled (a late PIX) goes straight back.
    if (appointment.status === 'canceled') {
      const fresh = (await lockPayment(tx, payment.id)) as PaymentRow;
      const refund = await refundPayment(
        tx,
        ctx.provider,
        fresh,
        'Pagamento recebido após o cancelamento',
        'system',
      );
      await tellAboutRefund(ctx, tx, appointment.id, refund);
      return undefined;
    }
    const respondBy = await securePayment(ctx, tx, appointment.id, now);
    return respondBy ? { id: appointment.id, respondBy, slot: appointment } : undefined;
  });
  if (outcome) {
    await ctx.jobs.requestExpiry(outcome.id, outcome.respondBy);
    await ctx.jobs.timers(outcome.id, outcome.slot);
  }
}

/** Sandbox checkout: the test card typed by the patient. */
export async function submitSandboxCard(ctx: BookingContext, viewer: Viewer, id: string, number: string) {
  const providerRef = await ctx.db.transaction(async (tx) => {
    const { appointment, payment } = await lockOwn(tx, viewer, id);
    if (
      !payment ||
      payment.method !== 'card' ||
      payment.status !== 'pending' ||
      appointment.status !== 'scheduled'
    )
      throw conflict(M.notPayable, undefined, 'not_payable');
    if (appointment.holdExpiresAt && appointment.holdExpiresAt.getTime() <= Date.now())
      throw conflict(M.holdExpired, undefined, 'hold_expired');
    const charge = await ctx.provider.createCharge({
      paymentId: payment.id,
      amount: payment.amount,
      method: 'card',
      description: 'Consulta Pulsa',
      payer: { name: '', email: '', cpf: null, address: null },
      card: { number },
      idempotencyKey: `card:${payment.id}:${number.slice(-4)}:${Date.now()}`,
    });
    await recordCardCharge(tx, payment.id, charge);
    return charge.state === 'authorized' ? charge.providerRef : undefined;
  });
  if (providerRef)
    await applyProviderEvent(ctx, ctx.provider.name, {
      id: sandboxEventId(),
      type: 'authorized',
      providerRef,
    });
  return getForViewer(ctx, viewer, id);
}

/** Sandbox: the card's second step approved, or a PIX / boleto "paid" by the button. */
export async function simulateSandboxPayment(ctx: BookingContext, viewer: Viewer, id: string) {
  if (ctx.provider.name !== 'sandbox') throw notFound();
  const { payment } = await ctx.db.transaction((tx) => lockOwn(tx, viewer, id));
  if (!payment || payment.status !== 'pending' || !payment.providerRef)
    throw conflict(M.notPayable, undefined, 'not_payable');
  await applyProviderEvent(ctx, 'sandbox', {
    id: sandboxEventId(),
    type: payment.method === 'card' ? 'authorized' : 'paid',
    providerRef: payment.providerRef,
  });
  return getForViewer(ctx, viewer, id);
}

/** The doctor accepts: confirmed, and an authorised card is captured. */
export async function accept(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  reason?: string,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const { appointment, payment } = await lockOwn(tx, viewer, id);
    if (appointment.status !== 'scheduled' || appointment.holdExpiresAt !== null || !payment)
      throw conflict(M.notPending, undefined, 'not_pending');
    if (payment.status === 'processing' && payment.providerRef) {
      await ctx.provider.capture(payment.providerRef, `capture:${payment.id}`);
      await setPaymentStatus(tx, payment.id, { status: 'paid', paidAt: now });
    }
    await tx
      .update(appointments)
      .set({ status: 'confirmed', confirmedAt: now, respondBy: null, updatedAt: now })
      .where(eq(appointments.id, id));
    const [person] = await tx.select().from(userProfiles).where(eq(userProfiles.id, appointment.patientId));
    if (person) await addRegisteredPatient(tx, appointment.doctorId, person);
    await recordEvent(tx, id, byViewer(viewer), 'confirmed', reason);
    await tellAbout(ctx, tx, id, 'accepted');
  });
  return getForViewer(ctx, viewer, id);
}

/** Ends an appointment and settles its money by the rules; used by every path that cancels. */
async function cancelIn(
  ctx: BookingContext,
  tx: Queryable,
  id: string,
  who: { actor: Actor; actorId?: string | null },
  reason: string,
  event: AppointmentEvent,
  now: Date,
) {
  const by = who.actor;
  const appointment = await lockAppointment(tx, id);
  if (!appointment) throw notFound(M.notFound);
  const payment = await lockLivePayment(tx, id);
  await tx
    .update(appointments)
    .set({
      status: 'canceled',
      cancellationReason: reason,
      canceledBy: by,
      canceledAt: now,
      holdExpiresAt: null,
      respondBy: null,
      updatedAt: now,
    })
    .where(eq(appointments.id, id));
  let refund: RefundOutcome = { kind: 'none' };
  if (payment?.status === 'pending') await abandonPayment(tx, ctx.provider, payment, reason);
  else if (payment && refundDue(appointment, by, now) === 'full')
    refund = await refundPayment(tx, ctx.provider, payment, reason, by);
  else if (payment?.status === 'processing' && payment.providerRef) {
    // A late cancellation of a confirmed card appointment keeps the money: capture it.
    await ctx.provider.capture(payment.providerRef, `capture:${payment.id}`);
    await setPaymentStatus(tx, payment.id, { status: 'paid', paidAt: now });
  }
  await recordEvent(tx, id, who, 'canceled', reason);
  await tellAbout(ctx, tx, id, event, { reason });
  await tellAboutRefund(ctx, tx, id, refund, reason);
}

/** The patient hears of the money: given back, or on its way by transfer (a boleto). */
async function tellAboutRefund(
  ctx: BookingContext,
  tx: Queryable,
  id: string,
  refund: RefundOutcome,
  reason?: string,
) {
  if (refund.kind === 'none') return;
  const event = refund.kind === 'refunded' ? 'refunded' : 'refund_by_transfer';
  await tellAbout(ctx, tx, id, event, { amount: refund.amount, reason });
}

/**
 * A request the doctor never accepted is refunded whoever cancels it; a confirmed one follows the
 * policy: the patient up to 24 h before, the doctor, the admin and the rules always.
 */
function refundDue(appointment: { status: string; startsAt: Date }, by: Actor, now: Date) {
  if (appointment.status === 'scheduled') return 'full';
  return refundPolicy({ startsAt: appointment.startsAt, canceledAt: now, by }).refund;
}

export async function cancellationPreview(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<CancellationPreview> {
  const dto = await getForViewer(ctx, viewer, id);
  const by: Actor = viewer.role;
  const live = dto.payment && ['processing', 'paid'].includes(dto.payment.status) ? dto.payment.amount : 0;
  const refund = refundDue({ status: dto.status, startsAt: new Date(dto.startsAt) }, by, now);
  return {
    refund: live === 0 ? 'none' : refund,
    amount: refund === 'full' ? live : 0,
    freeUntil: new Date(new Date(dto.startsAt).getTime() - FREE_CANCELLATION_HOURS * HOUR).toISOString(),
  };
}

const CANCELABLE = ['scheduled', 'confirmed'] as const;

export async function cancel(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  reason: string | undefined,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const { appointment } = await lockOwn(tx, viewer, id);
    if (!(CANCELABLE as readonly string[]).includes(appointment.status))
      throw conflict(M.cannotCancel, undefined, 'not_cancelable');
    const by = viewer.role;
    const event: AppointmentEvent =
      by === 'patient' ? 'canceled_by_patient' : by === 'doctor' ? 'canceled_by_doctor' : 'canceled_by_admin';
    const text =
      reason ??
      (by === 'patient'
        ? 'Cancelada pelo paciente'
        : by === 'doctor'
          ? 'Cancelada pelo médico'
          : 'Cancelada pela equipe Pulsa');
    await cancelIn(ctx, tx, id, byViewer(viewer), text, event, now);
  });
  return getForViewer(ctx, viewer, id);
}

export async function reject(ctx: BookingContext, viewer: Viewer, id: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const { appointment } = await lockOwn(tx, viewer, id);
    if (appointment.status !== 'scheduled' || appointment.holdExpiresAt !== null)
      throw conflict(M.notPending, undefined, 'not_pending');
    await cancelIn(ctx, tx, id, byViewer(viewer), CANCELLATION_REASONS.doctorRejected, 'rejected', now);
  });
  return getForViewer(ctx, viewer, id);
}

/** Moves an appointment into another free slot of the same doctor, without paying again. */
export async function reschedule(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  startsAt: string,
  now = new Date(),
) {
  const start = new Date(startsAt);
  let moved: { startsAt: Date; endsAt: Date; respondBy: Date | null } | undefined;
  try {
    moved = await ctx.db.transaction(async (tx) => {
      const { appointment } = await lockOwn(tx, viewer, id);
      if (
        !(CANCELABLE as readonly string[]).includes(appointment.status) ||
        appointment.holdExpiresAt !== null
      )
        throw conflict(M.cannotReschedule, undefined, 'not_reschedulable');
      // A request still waiting for the doctor must stay answerable; an accepted one only moves.
      const offered = await listFreeSlots(
        tx,
        appointment.doctorId,
        { from: start, to: new Date(start.getTime() + 1) },
        now,
        appointment.status === 'confirmed' ? 'move' : 'request',
      );
      const slot = offered.find((s) => s.start.getTime() === start.getTime());
      if (!slot) throw slotTaken();
      // A request moved nearer must be answered by 2 h before its new start.
      const respondBy =
        appointment.status === 'scheduled' && appointment.requestedAt
          ? answerDeadline(appointment.requestedAt, slot.start, now)
          : appointment.respondBy;
      await tx
        .update(appointments)
        .set({ startsAt: slot.start, endsAt: slot.end, respondBy, updatedAt: now })
        .where(eq(appointments.id, id));
      await recordEvent(
        tx,
        id,
        byViewer(viewer),
        'rescheduled',
        `${appointment.startsAt.toISOString()} → ${slot.start.toISOString()}`,
      );
      await tellAbout(ctx, tx, id, 'rescheduled');
      const waiting = appointment.status === 'scheduled';
      return { startsAt: slot.start, endsAt: slot.end, respondBy: waiting ? respondBy : null };
    });
  } catch (error) {
    if (isExclusionViolation(error, 'appointments_patient_no_overlap'))
      throw conflict(M.patientBusy, undefined, 'patient_busy');
    if (isExclusionViolation(error, 'appointments_doctor_no_overlap') || error instanceof SlotTaken) {
      const dto = await getForViewer(ctx, viewer, id);
      const nearest = await nearestSlots(ctx.db, dto.doctor.doctorId, start, now);
      throw new AppError(409, M.slotTaken, { code: 'slot_taken', extra: { nearest } });
    }
    throw error;
  }
  if (moved) await ctx.jobs.timers(id, moved);
  if (moved?.respondBy) await ctx.jobs.requestExpiry(id, moved.respondBy);
  return getForViewer(ctx, viewer, id);
}

/** Admin row actions: the same rules as the users' own, with the admin's reason recorded. */
export async function adminComplete(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  reason: string,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (!appointment) throw notFound(M.notFound);
    if (appointment.status !== 'confirmed') throw conflict(M.cannotComplete, undefined, 'not_confirmed');
    await tx.update(appointments).set({ status: 'completed', updatedAt: now }).where(eq(appointments.id, id));
    await recordEvent(tx, id, byViewer(viewer), 'completed', reason);
  });
}

/**
 * The team records the PIX transfer that returned a paid boleto (a boleto cannot be reversed): the
 * refund is settled with the transfer's reference, the payment becomes refunded, the patient is told.
 */
export async function recordRefundTransfer(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  reference: string,
) {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (!appointment) throw notFound(M.notFound);
    const settled = await settleTransferRefund(tx, id, reference);
    if (!settled) throw conflict(M.noTransferOwed, undefined, 'no_transfer_owed');
    await recordEvent(tx, id, byViewer(viewer), 'refund_transferred', reference);
    await tellAbout(ctx, tx, id, 'refunded', { amount: settled.amount });
  });
}

async function expireHoldIn(ctx: BookingContext, tx: Queryable, id: string, now = new Date()) {
  await cancelIn(ctx, tx, id, BY_RULES, CANCELLATION_REASONS.holdExpired, 'hold_expired', now);
}

/** Job: an unpaid hold whose time has come frees its slot. */
export async function expireHold(ctx: BookingContext, id: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (!appointment || appointment.status !== 'scheduled' || !appointment.holdExpiresAt) return;
    if (appointment.holdExpiresAt.getTime() > now.getTime()) return;
    await expireHoldIn(ctx, tx, id, now);
  });
}

/** Job: a request the doctor has not answered in time expires like a rejection. */
export async function expireRequest(ctx: BookingContext, id: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (!appointment || appointment.status !== 'scheduled' || appointment.holdExpiresAt !== null) return;
    if (!appointment.respondBy || appointment.respondBy.getTime() > now.getTime()) return;
    await cancelIn(ctx, tx, id, BY_RULES, CANCELLATION_REASONS.requestExpired, 'expired', now);
  });
}

/**
 * Job: a reminder, sent only when the appointment is still confirmed at the time the reminder was
 * planned for (a canceled or moved appointment gets none).
 */
export async function remind(ctx: BookingContext, id: string, plannedStart: Date, which: '24h' | '1h') {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (!appointment || appointment.status !== 'confirmed') return;
    if (appointment.startsAt.getTime() !== plannedStart.getTime()) return;
    await tellAbout(ctx, tx, id, which === '24h' ? 'reminder_24h' : 'reminder_1h');
  });
}

const HOUR_MS = 3_600_000;
const closeDueAt = (endsAt: Date) => new Date(endsAt.getTime() + UNENDED_CLOSE_AFTER_HOURS * HOUR_MS);

/**
 * Job: a consultation nobody ended, some hours after its end, is closed by what happened in the
 * room (decision 077): both came in → completed; the doctor came and the patient never did → no-show;
 * the doctor never came → canceled with a full refund. `plannedEnd` is the end the job was planned
 * for: a moved consultation has a job of its own.
 */
export async function closeUnended(ctx: BookingContext, id: string, plannedEnd: Date, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (!appointment || !['confirmed', 'in_progress'].includes(appointment.status)) return;
    if (appointment.endsAt.getTime() !== plannedEnd.getTime()) return;
    if (closeDueAt(appointment.endsAt).getTime() > now.getTime()) return;
    const [doctor] = await tx
      .select({ userId: doctorProfiles.userId })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, appointment.doctorId));
    const came = new Set(
      (
        await tx
          .select({ userId: consultationParticipants.userId })
          .from(consultationParticipants)
          .where(eq(consultationParticipants.appointmentId, id))
      ).map((p) => p.userId),
    );
    if (!doctor || !came.has(doctor.userId)) {
      await cancelIn(ctx, tx, id, BY_RULES, CANCELLATION_REASONS.doctorAbsent, 'doctor_absent', now);
      return;
    }
    const status = came.has(appointment.patientId) ? 'completed' : 'no_show';
    await tx.update(appointments).set({ status, updatedAt: now }).where(eq(appointments.id, id));
    await recordEvent(tx, id, BY_RULES, status, 'Encerrada automaticamente: ninguém encerrou a consulta');
    await tellAbout(ctx, tx, id, status === 'completed' ? 'closed_unended' : 'no_show');
  });
}

/** Consultations nobody ended, past their closing time, for the sweep that backs the jobs up. */
export async function unended(db: Queryable, now = new Date()) {
  return db
    .select({ id: appointments.id, endsAt: appointments.endsAt })
    .from(appointments)
    .where(
      and(
        inArray(appointments.status, ['confirmed', 'in_progress']),
        lt(appointments.endsAt, new Date(now.getTime() - UNENDED_CLOSE_AFTER_HOURS * HOUR_MS)),
      ),
    )
    .limit(100);
}

/** Holds and requests past their time, for the sweep that backs the jobs up after downtime. */
export async function overdue(db: Queryable, now = new Date()) {
  return db
    .select({
      id: appointments.id,
      holdExpiresAt: appointments.holdExpiresAt,
      respondBy: appointments.respondBy,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.status, 'scheduled'),
        or(lt(appointments.holdExpiresAt, now), lt(appointments.respondBy, now)),
      ),
    )
    .limit(100);
}
