import { noShowFrom } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { estimateWait } from '@pulsa/shared/on-demand/eta';
import { isOpenAt } from '@pulsa/shared/on-demand/service-rules';
import { routeTriage } from '@pulsa/shared/on-demand/triage';
import { APPOINTMENT_MESSAGES, HOLD_MINUTES } from '@pulsa/shared/schemas/appointments';
import {
  type Duty,
  type JoinQueueInput,
  ON_DEMAND_MESSAGES as M,
  type OnDemandBoardRow,
  type OnDemandFile,
  type OnDemandOffer,
  type Ticket,
  type TicketStage,
} from '@pulsa/shared/schemas/on-demand';
import { SETTINGS_MESSAGES } from '@pulsa/shared/schemas/settings';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  AppError,
  conflict,
  forbidden,
  isExclusionViolation,
  isUniqueViolation,
  notFound,
} from '../../lib/errors.ts';
import type { BookingContext, Viewer } from '../appointments/appointments.context.ts';
import {
  announce,
  BY_RULES,
  byViewer,
  runTransition,
  transition,
} from '../appointments/appointments.lifecycle.ts';
import { chargeSandboxCard, simulateSandboxEvent } from '../appointments/appointments.payment-events.ts';
import {
  type AppointmentRow,
  appointmentRow,
  doctorNameOf,
  insertAppointment,
  latestPayments,
  lockAppointment,
  type PaymentRow,
  patientProfile,
} from '../appointments/appointments.queue.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { attachBeforeCall, patientFilesOf } from '../consultations/consultations.service.ts';
import type { FileStorage } from '../files/files.storage.ts';
import type { Upload } from '../files/files.upload.ts';
import { announceQueueChanged, broadcastAdminChange } from '../live/live.events.ts';
import { openPayment } from '../payments/payments.service.ts';
import { joiningEta, offerOf, type QueuePicture, queuePicture, refusalNow } from './on-demand.queue.ts';
import {
  aheadOf,
  boardStats,
  disableService,
  doctorsOnDuty,
  dutyOf,
  enabledServices,
  goOffDuty,
  goOnDuty,
  heldBy,
  lineCounts,
  predictionOf,
  recordPrediction,
  type ServiceRow,
  serviceOf,
  servicesBySpecialty,
  takeHead,
  waitingTicketOf,
} from './on-demand.repository.ts';

/**
 * Pronto atendimento (decision 143). Joining opens an on-demand appointment without a doctor and
 * holds the patient's card or issues a PIX; "Chamar próximo" gives the head of the line to the doctor who called;
 * every change of state (secure, take, leave, the guarantee's expiry, a closed queue) is the
 * lifecycle's `transition`, so money and messages follow the one rule.
 */

const MINUTE = 60_000;

// ── Patient ──

export async function offers(db: Queryable, now = new Date()): Promise<OnDemandOffer[]> {
  const out: OnDemandOffer[] = [];
  for (const { service, specialtyName } of await enabledServices(db))
    out.push(offerOf(service, specialtyName, await queuePicture(db, service), now));
  return out;
}

class JoinRefused extends AppError {}

export async function join(
  ctx: BookingContext,
  viewer: Viewer,
  input: JoinQueueInput,
  now = new Date(),
): Promise<Ticket> {
  if (await ctx.inMaintenance?.()) throw conflict(SETTINGS_MESSAGES.maintenance, undefined, 'maintenance');
  // The server applies the red-flag rule whatever the page sent (the schema wants every answer):
  // an emergency never pays to wait.
  if (routeTriage(input.redFlags) === 'emergency') throw conflict(M.emergency, undefined, 'emergency');
  const found = await serviceOf(ctx.db, input.specialtyId);
  if (!found?.service || !found.active) throw notFound(M.notOffered);
  const service = found.service;
  const patient = await patientProfile(ctx.db, viewer.id);
  if (!patient) throw notFound(M.ticketNotFound);
  let id: string;
  try {
    id = await ctx.db.transaction(async (tx) => {
      // Joins of one queue one at a time, so two cannot both take its last place.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`queue:${service.specialtyId}`}))`);
      // One place in the queues at a time (the unique index backs this up in a race).
      if (await waitingTicketOf(tx, viewer.id))
        throw conflict(M.alreadyWaiting, undefined, 'already_waiting');
      const picture = await queuePicture(tx, service);
      const refused = refusalNow(service, picture, now);
      if (refused) throw new JoinRefused(409, refused.message, { code: refused.code });
      const eta = joiningEta(picture, now);
      const appointmentId = await insertAppointment(tx, {
        patientId: viewer.id,
        doctorId: null,
        kind: 'on_demand',
        specialtyId: service.specialtyId,
        // Until called, the range is the guarantee's: the patient is busy waiting.
        startsAt: now,
        endsAt: new Date(now.getTime() + (service.maxWaitMinutes + HOLD_MINUTES) * MINUTE),
        price: service.price,
        notes: input.complaint,
        captionsRequested: input.captions ?? false,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * MINUTE),
        policyAcceptedAt: now,
      });
      await openPayment(tx, ctx.provider, {
        appointmentId,
        doctorId: null,
        patientId: viewer.id,
        specialtyId: service.specialtyId,
        amount: service.price,
        // A PIX is issued at once (its QR Code on the waiting screen); a card waits for the checkout.
        method: input.method,
        payer: { name: patient.fullName, email: patient.email, cpf: patient.cpf, address: null },
        description: `Pronto atendimento — ${found.specialtyName}`,
      });
      if (eta)
        await recordPrediction(tx, {
          appointmentId,
          specialtyId: service.specialtyId,
          madeAt: now,
          ahead: picture.queued + picture.paying,
          doctorsOnDuty: picture.doctors.length,
          lowMinutes: eta.low,
          highMinutes: eta.high,
        });
      await announce(tx, appointmentId);
      await announceQueueChanged(tx, service.specialtyId);
      await broadcastAdminChange(tx, 'on_demand');
      return appointmentId;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'appointments_on_demand_one_waiting_key'))
      throw conflict(M.alreadyWaiting, undefined, 'already_waiting');
    // A consultation of theirs falls within the wait the guarantee covers.
    if (isExclusionViolation(error, 'appointments_patient_no_overlap'))
      throw conflict(APPOINTMENT_MESSAGES.patientBusy, undefined, 'patient_busy');
    throw error;
  }
  await ctx.jobs.holdExpiry(id, new Date(now.getTime() + HOLD_MINUTES * MINUTE));
  return ticketOf(ctx.db, id, now);
}

/** The patient's own on-demand appointment, locked, or the same 404 as a missing one. */
async function ownTicket(tx: Queryable, viewer: Viewer, id: string): Promise<AppointmentRow> {
  const row = await lockAppointment(tx, id);
  if (row?.kind !== 'on_demand' || row.patientId !== viewer.id) throw notFound(M.ticketNotFound);
  return row;
}

export async function payWithTestCard(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  number: string,
  now = new Date(),
) {
  await chargeSandboxCard(ctx, id, number, (tx) => ownTicket(tx, viewer, id), now);
  return ticketOf(ctx.db, id, now);
}

/** Sandbox: the ticket's PIX "paid" by the button, as the provider's event would say. */
export async function simulatePayment(ctx: BookingContext, viewer: Viewer, id: string) {
  await simulateSandboxEvent(ctx, id, (tx) => ownTicket(tx, viewer, id));
  return ticketOf(ctx.db, id);
}

/** A photo or exam sent with the complaint, while waiting (decision 143). */
export async function attachFile(
  ctx: BookingContext,
  storage: FileStorage,
  viewer: Viewer,
  id: string,
  upload: Upload,
): Promise<Ticket> {
  const row = await ctx.db.transaction((tx) => ownTicket(tx, viewer, id));
  if (row.status !== 'scheduled' || row.doctorId !== null)
    throw conflict(M.cannotAttach, undefined, 'called');
  await attachBeforeCall({ db: ctx.db, storage }, viewer.id, id, upload);
  return ticketOf(ctx.db, id);
}

/** Before a file's bytes are read: the ticket is theirs and still waiting. */
export async function beforeAttaching(ctx: BookingContext, viewer: Viewer, id: string): Promise<void> {
  const row = await ctx.db.transaction((tx) => ownTicket(tx, viewer, id));
  if (row.status !== 'scheduled' || row.doctorId !== null)
    throw conflict(M.cannotAttach, undefined, 'called');
}

export async function leave(
  ctx: BookingContext,
  viewer: Viewer,
  id: string,
  now = new Date(),
): Promise<Ticket> {
  const after = await ctx.db.transaction(async (tx) => {
    const row = await ownTicket(tx, viewer, id);
    if (row.status !== 'scheduled') throw conflict(M.cannotLeave, undefined, 'called');
    return transition(ctx, tx, id, { kind: 'cancel' }, byViewer(viewer), now);
  });
  for (const work of after) await work();
  return ticketOf(ctx.db, id, now);
}

/** The patient's ticket: the one in course, else the latest of the last 12 hours. */
export async function currentTicket(db: Queryable, viewer: Viewer, now = new Date()): Promise<Ticket | null> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select id from appointments
    where patient_id = ${viewer.id} and kind = 'on_demand'
      and (status in ('scheduled', 'confirmed', 'in_progress')
        or updated_at > ${new Date(now.getTime() - 12 * 60 * MINUTE).toISOString()}::timestamptz)
    order by (status in ('scheduled', 'confirmed', 'in_progress')) desc, created_at desc
    limit 1`);
  const id = rows[0]?.id;
  return id ? ticketOf(db, id, now) : null;
}

function stageOf(row: AppointmentRow, outcome: string | null | undefined): TicketStage {
  switch (row.status) {
    case 'scheduled':
      return row.requestedAt ? 'waiting' : 'awaiting_payment';
    case 'confirmed':
      return 'called';
    case 'in_progress':
      return 'in_consultation';
    case 'completed':
      return 'completed';
    case 'no_show':
      return 'no_show';
    case 'canceled':
      if (outcome === 'left') return 'left';
      if (outcome === 'timeout') return 'refunded_timeout';
      if (outcome === 'queue_closed') return 'refunded_closed';
      return 'ended';
  }
}

/** The waiting screen's picture of one ticket, read now. */
export async function ticketOf(db: Queryable, id: string, now = new Date()): Promise<Ticket> {
  const row = await appointmentRow(db, id);
  if (!row?.specialtyId) throw notFound(M.ticketNotFound);
  const found = await serviceOf(db, row.specialtyId);
  if (!found?.service) throw notFound(M.ticketNotFound);
  const service = found.service;
  const picture = await queuePicture(db, service);
  const waiting = row.status === 'scheduled' && row.requestedAt !== null && row.doctorId === null;
  const ahead =
    waiting && row.requestedAt ? await aheadOf(db, service.specialtyId, row.requestedAt, id) : null;
  const payment = (await latestPayments(db, [row.id])).get(row.id)?.row;
  const prediction = await predictionOf(db, row.id);
  const files = (await patientFilesOf(db, [row.id])).get(row.id) ?? [];
  const doctorName = row.doctorId ? ((await doctorNameOf(db, row.doctorId)) ?? null) : null;
  return buildTicket({
    row,
    service,
    specialtyName: found.specialtyName,
    picture,
    ahead,
    now,
    payment,
    outcome: prediction?.outcome,
    doctorName,
    files,
  });
}

function buildTicket(input: {
  row: AppointmentRow;
  service: ServiceRow;
  specialtyName: string;
  picture: QueuePicture;
  ahead: number | null;
  now: Date;
  payment: PaymentRow | undefined;
  outcome: string | null | undefined;
  doctorName: string | null;
  files: OnDemandFile[];
}): Ticket {
  const { row, service, specialtyName, picture, ahead, now, doctorName } = input;
  const stage = stageOf(row, input.outcome);
  const p = input.payment;
  const instructions = (p?.instructions ?? null) as {
    clientSecret?: string;
    publishableKey?: string;
    pix?: { payload: string; qrSvg: string; expiresAt: string };
  } | null;
  return {
    id: row.id,
    stage,
    specialtyId: service.specialtyId,
    specialtyName,
    price: row.price,
    complaint: row.notes ?? '',
    joinedAt: row.createdAt.toISOString(),
    queuedAt: row.requestedAt?.toISOString() ?? null,
    payBy: row.status === 'scheduled' ? (row.holdExpiresAt?.toISOString() ?? null) : null,
    guaranteeUntil: stage === 'waiting' ? (row.respondBy?.toISOString() ?? null) : null,
    maxWaitMinutes: service.maxWaitMinutes,
    position: ahead === null ? null : ahead + 1,
    eta: ahead === null ? null : estimateWait(picture.doctors, ahead, now.getTime()),
    doctorsOnDuty: picture.doctors.length,
    averageMinutes: picture.averageMinutes,
    calledAt: row.calledAt?.toISOString() ?? null,
    joinBy: row.calledAt ? noShowFrom(row.calledAt, 'on_demand').toISOString() : null,
    doctorName,
    payment: p
      ? {
          id: p.id,
          method: p.method === 'pix' ? 'pix' : 'card',
          status: p.status,
          amount: p.amount,
          sandbox: p.provider === 'sandbox',
          // The charge is shown only while it can still be paid.
          ...(instructions?.pix && p.status === 'pending' ? { pix: instructions.pix } : {}),
          ...(instructions?.clientSecret
            ? { clientSecret: instructions.clientSecret, publishableKey: instructions.publishableKey ?? '' }
            : {}),
          failureMessage: p.failureMessage,
        }
      : null,
    refundedAmount: p?.status === 'refunded' ? p.amount : null,
    cancellationReason: row.cancellationReason,
    canLeave: row.status === 'scheduled',
    files: input.files,
    canAttach: row.status === 'scheduled' && row.doctorId === null,
  };
}

// ── Doctor ──

async function doctorOf(db: Queryable, viewer: Viewer) {
  const { rows } = await db.execute<{ id: string; specialty_id: string | null; status: string }>(sql`
    select id, specialty_id, verification_status as status from doctor_profiles where user_id = ${viewer.id}`);
  const doctor = rows[0];
  if (!doctor) throw forbidden(M.notApproved);
  return doctor;
}

export async function dutyFor(db: Queryable, viewer: Viewer): Promise<Duty> {
  const doctor = await doctorOf(db, viewer);
  const found = doctor.specialty_id ? await serviceOf(db, doctor.specialty_id) : undefined;
  const offered = !!found?.service?.enabled && doctor.status === 'approved';
  const duty = await dutyOf(db, doctor.id);
  const held = await heldBy(db, doctor.id);
  const counts = doctor.specialty_id ? await lineCounts(db, doctor.specialty_id) : { queued: 0 };
  const onDuty = doctor.specialty_id ? (await doctorsOnDuty(db, doctor.specialty_id)).length : 0;
  return {
    offered,
    specialtyId: doctor.specialty_id,
    specialtyName: found?.specialtyName ?? null,
    onDuty: !!duty,
    onDutySince: duty?.since.toISOString() ?? null,
    waiting: counts.queued,
    doctorsOnDuty: onDuty,
    current: held
      ? {
          appointmentId: held.id,
          patientName: held.patient_name,
          complaint: held.notes ?? '',
          calledAt: new Date(held.called_at).toISOString(),
          captionsRequested: held.captions_requested,
          files: (await patientFilesOf(db, [held.id])).get(held.id) ?? [],
        }
      : null,
  };
}

export async function setDuty(db: Queryable, viewer: Viewer, onDuty: boolean): Promise<Duty> {
  const doctor = await doctorOf(db, viewer);
  await db.transaction(async (tx) => {
    if (onDuty) {
      if (doctor.status !== 'approved') throw forbidden(M.notApproved);
      const found = doctor.specialty_id ? await serviceOf(tx, doctor.specialty_id) : undefined;
      if (!found?.service?.enabled || !doctor.specialty_id)
        throw conflict(M.noOnDemandSpecialty, undefined, 'not_offered');
      await goOnDuty(tx, doctor.id, doctor.specialty_id);
    } else await goOffDuty(tx, doctor.id);
    // Off duty mid-queue strands nobody: the line stays, with the colleagues left (or "sem
    // previsão" and the guarantee's refund).
    if (doctor.specialty_id) await announceQueueChanged(tx, doctor.specialty_id);
    await broadcastAdminChange(tx, 'on_demand');
  });
  return dutyFor(db, viewer);
}

/**
 * "Chamar próximo": the head of the line to this doctor, atomically. The doctor's own lock means
 * they never hold two; SKIP LOCKED means two doctors never get the same patient.
 */
export async function callNext(ctx: BookingContext, viewer: Viewer, now = new Date()) {
  const doctor = await doctorOf(ctx.db, viewer);
  let taken: string | undefined;
  let after: Awaited<ReturnType<typeof transition>> = [];
  try {
    taken = await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`duty:${doctor.id}`}))`);
      const duty = await dutyOf(tx, doctor.id);
      if (!duty) throw conflict(M.notOnDuty, undefined, 'not_on_duty');
      if (await heldBy(tx, doctor.id)) throw conflict(M.alreadyHolding, undefined, 'already_holding');
      const found = await serviceOf(tx, duty.specialtyId);
      if (!found?.service) throw conflict(M.noOnDemandSpecialty, undefined, 'not_offered');
      const id = await takeHead(tx, duty.specialtyId, now);
      if (!id) throw conflict(M.queueEmpty, undefined, 'queue_empty');
      after = await transition(
        ctx,
        tx,
        id,
        { kind: 'take', doctorId: doctor.id, minutes: found.service.consultationMinutes },
        byViewer(viewer),
        now,
      );
      await broadcastAdminChange(tx, 'on_demand');
      return id;
    });
  } catch (error) {
    if (isExclusionViolation(error, 'appointments_doctor_no_overlap'))
      throw conflict(M.bookedNow, undefined, 'booked_now');
    if (isUniqueViolation(error, 'appointments_on_demand_one_held_key'))
      throw conflict(M.alreadyHolding, undefined, 'already_holding');
    throw error;
  }
  // The call's timers (the no-show, the unended close) are independent jobs: stored side by side.
  await Promise.all(after.map((work) => work()));
  return { appointmentId: taken as string };
}

// ── Admin ──

export { configure } from './on-demand.settings.ts';

export async function board(db: Queryable, now = new Date()): Promise<OnDemandBoardRow[]> {
  const since = new Date(now.getTime() - 24 * 60 * MINUTE);
  const out: OnDemandBoardRow[] = [];
  for (const { specialtyId, specialtyName, service } of await servicesBySpecialty(db)) {
    const counts = await lineCounts(db, specialtyId);
    const onDuty = (await doctorsOnDuty(db, specialtyId)).length;
    const stats = await boardStats(db, specialtyId, since);
    out.push({
      specialtyId,
      specialtyName,
      service: service
        ? {
            enabled: service.enabled,
            price: service.price,
            maxWaitMinutes: service.maxWaitMinutes,
            capacity: service.capacity,
            consultationMinutes: service.consultationMinutes,
            hours: service.hours,
          }
        : null,
      openNow: !!service?.enabled && isOpenAt(service.hours, now),
      waiting: counts.queued,
      onDuty,
      ...stats,
    });
  }
  return out;
}

/** Closes a queue: no one joins, and everyone waiting is released and told. */
export async function closeQueue(ctx: BookingContext, viewer: Viewer, specialtyId: string, reason: string) {
  const found = await serviceOf(ctx.db, specialtyId);
  if (!found?.service) throw notFound(M.notOffered);
  await ctx.db.transaction(async (tx) => {
    await disableService(tx, specialtyId);
    await recordAudit(tx, {
      actorId: viewer.id,
      action: 'on_demand.closed',
      entity: 'specialty',
      entityId: specialtyId,
      reason,
    });
    await announceQueueChanged(tx, specialtyId);
  });
  // Each patient in their own transaction: one failing release never holds the others back.
  const { rows } = await ctx.db.execute<{ id: string }>(sql`
    select id from appointments
    where specialty_id = ${specialtyId} and kind = 'on_demand' and status = 'scheduled' and doctor_id is null`);
  for (const { id } of rows)
    await runTransition(ctx, id, { kind: 'close_queue', reason }, { actor: 'admin', actorId: viewer.id });
  await broadcastAdminChange(ctx.db, 'on_demand');
}

export { BY_RULES };
