import { BOLETO_MIN_DAYS_AHEAD } from '@pulsa/shared/schemas/appointments';
import { eq } from 'drizzle-orm';
import { appointments, consultationParticipants, doctorProfiles, users } from '../db/schema.ts';
import { book } from '../modules/appointments/appointments.booking.ts';
import type { BookingContext, Viewer } from '../modules/appointments/appointments.context.ts';
import { act } from '../modules/appointments/appointments.lifecycle.ts';
import {
  simulateSandboxPayment,
  submitSandboxCard,
} from '../modules/appointments/appointments.payment-events.ts';
import { closeUnended } from '../modules/appointments/appointments.timers.ts';
import { nextAvailableDays } from '../modules/doctors/doctors.agenda.service.ts';
import type { Slot } from '../modules/doctors/slots.ts';
import { SANDBOX_CARDS } from '../modules/payments/sandbox-provider.ts';

/**
 * The demo's booking story, written by the booking rules themselves (book → pay in the test
 * environment → the doctor answers or the patient cancels), so every status, payment and refund
 * is one the app could reach on its own.
 */

/** A consultation the demo doctor held in the past, written through the booking rules. */
export interface DemoHistoryEntry {
  /** Index into the patients given. */
  patient: number;
  daysAgo: number;
  /** What the doctor wrote at "Concluir consulta". */
  notes?: string;
}

export interface DemoBookings {
  /** Consultations held weeks ago (booked, paid, accepted, held and completed by the rules). */
  history: number;
  /** Paid by PIX, waiting for the doctor. */
  requested: number;
  /** Card captured when the doctor accepted. */
  confirmed: number;
  /** Paid by boleto, rejected by the doctor: its refund is owed by PIX transfer, for the admin to record. */
  rejected: number;
  /** Confirmed, canceled by the patient less than 24 h before: no refund. */
  canceledLate: number;
  /** Confirmed and paid, started a few minutes ago: its room is open now, the patient not in yet. */
  underway: number;
  /** Held yesterday with both in the room, closed by the rules: its record is still to write and sign. */
  awaitingRecord: number;
  /** The history's appointments, in the order given. */
  heldIds: string[];
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** How long before the start the patient of the story cancels. */
const LATE_CANCEL_BEFORE_START = 3 * HOUR;
/** The consultation under way started this long before the demo was filled. */
const UNDERWAY_STARTED_AGO = 20 * 60_000;

async function userIdOf(ctx: BookingContext, email: string): Promise<string> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`demo bookings: no account ${email}`);
  return row.id;
}

/**
 * Books the story for the demo doctor and the demo patient in the doctor's next free slots. Needs
 * the built-in test environment (its cards and "Simular pagamento"); with a real provider
 * configured it books nothing and answers undefined.
 */
export async function addDemoBookings(
  ctx: BookingContext,
  people: { doctorEmail: string; patientEmail: string; historyPatientEmails?: string[] },
  history: readonly DemoHistoryEntry[] = [],
  now = new Date(),
): Promise<DemoBookings | undefined> {
  if (ctx.provider.name !== 'sandbox') return undefined;
  const doctorUserId = await userIdOf(ctx, people.doctorEmail);
  const [profile] = await ctx.db
    .select({ id: doctorProfiles.id })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, doctorUserId));
  if (!profile) throw new Error('demo bookings: the demo doctor has no profile');
  const patient: Viewer = { id: await userIdOf(ctx, people.patientEmail), role: 'patient' };
  const doctor: Viewer = { id: doctorUserId, role: 'doctor' };

  // One slot per day, the first of each of the next free days.
  const slots = (await nextAvailableDays(ctx.db, profile.id, 8 + history.length, now)).flatMap((d) =>
    d.slots.slice(0, 1),
  );
  const take = (fits: (slot: Slot) => boolean = () => true): Slot => {
    const index = slots.findIndex(fits);
    const slot = slots[index];
    if (!slot) throw new Error('demo bookings: the demo doctor has too few free slots');
    slots.splice(index, 1);
    return slot;
  };
  // The past first, each on a slot of its own, then moved to its day (the rules cannot book the past):
  // paid and captured, held with both in the room, completed by the doctor — so its payment, ledger
  // entries and the dashboard's roll-ups are the ones a real consultation leaves. The clock is read
  // again at each step: a step dated before the money arrived would miss it (the share stays held).
  const historyPatients = await Promise.all(
    (people.historyPatientEmails ?? []).map(async (email) => ({
      id: await userIdOf(ctx, email),
      role: 'patient' as const,
    })),
  );
  const held: string[] = [];
  for (const entry of history) {
    const who = historyPatients[entry.patient];
    if (!who) throw new Error(`demo bookings: no history patient ${entry.patient}`);
    const slot = take();
    const id = (
      await book(ctx, who.id, { doctorId: profile.id, startsAt: slot.start.toISOString(), method: 'card' })
    ).id;
    await submitSandboxCard(ctx, who, id, SANDBOX_CARDS.approved);
    await act(ctx, doctor, id, { kind: 'accept' });
    const day = new Date(now.getTime() - entry.daysAgo * DAY).toISOString().slice(0, 10);
    const startsAt = new Date(`${day}T10:00:00-03:00`);
    const endsAt = new Date(startsAt.getTime() + (slot.end.getTime() - slot.start.getTime()));
    await ctx.db.update(appointments).set({ startsAt, endsAt }).where(eq(appointments.id, id));
    await ctx.db.insert(consultationParticipants).values(
      [who.id, doctor.id].map((userId) => ({
        appointmentId: id,
        userId,
        firstJoinedAt: startsAt,
        lastSeenAt: endsAt,
        leftAt: endsAt,
      })),
    );
    await act(
      ctx,
      doctor,
      id,
      { kind: 'complete', ...(entry.notes ? { notes: entry.notes } : {}) },
      new Date(),
    );
    held.push(id);
  }

  const late = take();
  const confirmed = take();
  const underway = take();
  const requested = take();
  const yesterday = take();
  // Boleto only for slots at least 3 days ahead (an hour of margin for the time the story takes).
  const rejected = take((s) => s.start.getTime() - now.getTime() >= BOLETO_MIN_DAYS_AHEAD * DAY + HOUR);

  const bookSlot = async (slot: Slot, method: 'card' | 'pix' | 'boleto', notes: string) =>
    (
      await book(ctx, patient.id, {
        doctorId: profile.id,
        startsAt: slot.start.toISOString(),
        method,
        notes,
      })
    ).id;

  // Confirmed: the card is authorised at checkout and captured when the doctor accepts.
  const confirmedId = await bookSlot(confirmed, 'card', 'Retorno para mostrar os exames de sangue.');
  await submitSandboxCard(ctx, patient, confirmedId, SANDBOX_CARDS.approved);
  await act(ctx, doctor, confirmedId, { kind: 'accept' });

  // Paid by boleto, then the doctor cannot attend: canceled, and the money owed back by a PIX transfer
  // (a boleto cannot be reversed) that the admin records in Consultas.
  const rejectedId = await bookSlot(rejected, 'boleto', 'Avaliação antes de voltar a correr.');
  await simulateSandboxPayment(ctx, patient, rejectedId);
  await act(ctx, doctor, rejectedId, { kind: 'reject' });

  // Confirmed, then canceled by the patient a few hours before the start: the policy keeps the
  // money. The cancellation is dated that close to the start even when the slot is days ahead,
  // which is what the rule looks at (the story is written at once).
  const lateId = await bookSlot(late, 'card', 'Pressão alta na última medição em casa.');
  await submitSandboxCard(ctx, patient, lateId, SANDBOX_CARDS.approved);
  await act(ctx, doctor, lateId, { kind: 'accept' });
  const canceledAt = new Date(Math.max(Date.now(), late.start.getTime() - LATE_CANCEL_BEFORE_START));
  await act(ctx, patient, lateId, { kind: 'cancel', reason: 'Imprevisto no trabalho' }, canceledAt);

  // Under way: booked, paid and accepted by the rules, then moved to have started 20 minutes ago,
  // so the demo's doctor and patient can meet in its room at once (it stays open until an hour
  // after its end). The rules cannot book a time already started; this move is the one shortcut.
  const underwayId = await bookSlot(underway, 'card', 'Dor de cabeça frequente há duas semanas.');
  await submitSandboxCard(ctx, patient, underwayId, SANDBOX_CARDS.approved);
  await act(ctx, doctor, underwayId, { kind: 'accept' });
  const startsAt = new Date(now.getTime() - UNDERWAY_STARTED_AGO);
  await ctx.db
    .update(appointments)
    .set({
      startsAt,
      endsAt: new Date(startsAt.getTime() + (underway.end.getTime() - underway.start.getTime())),
    })
    .where(eq(appointments.id, underwayId));

  // Held yesterday: booked, paid and accepted by the rules, moved to yesterday (the same shortcut),
  // both parties in its room; then the rules close it as nobody ended it — completed, with no
  // record yet, so the doctor's to-do shows it until the record is signed.
  const yesterdayId = await bookSlot(yesterday, 'card', 'Tosse seca e cansaço há uma semana.');
  await submitSandboxCard(ctx, patient, yesterdayId, SANDBOX_CARDS.approved);
  await act(ctx, doctor, yesterdayId, { kind: 'accept' });
  const heldAt = new Date(now.getTime() - DAY - 2 * HOUR);
  const heldUntil = new Date(heldAt.getTime() + (yesterday.end.getTime() - yesterday.start.getTime()));
  await ctx.db
    .update(appointments)
    .set({ startsAt: heldAt, endsAt: heldUntil })
    .where(eq(appointments.id, yesterdayId));
  await ctx.db.insert(consultationParticipants).values(
    [patient.id, doctor.id].map((userId) => ({
      appointmentId: yesterdayId,
      userId,
      firstJoinedAt: heldAt,
      lastSeenAt: heldUntil,
      leftAt: heldUntil,
    })),
  );
  // Now, not the story's start: the card was captured after it, and the release must see it.
  await closeUnended(ctx, yesterdayId, heldUntil, new Date());

  // Last: a request paid by PIX, waiting for the doctor's answer (a patient has one booking waiting
  // per doctor at a time, so it comes after the others are answered).
  const requestedId = await bookSlot(requested, 'pix', 'Palpitações ao subir escadas nas últimas semanas.');
  await simulateSandboxPayment(ctx, patient, requestedId);

  return {
    history: held.length,
    requested: 1,
    confirmed: 1,
    rejected: 1,
    canceledLate: 1,
    underway: 1,
    awaitingRecord: 1,
    heldIds: held,
  };
}
