import { noShowFrom } from '@pulsa/shared/lifecycle/appointment-lifecycle';
import { UNENDED_CLOSE_AFTER_HOURS } from '@pulsa/shared/schemas/consultations';
import type { Queryable } from '../../db/client.ts';
import type { BookingContext } from './appointments.context.ts';
import { BY_RULES, runTransition, tellAbout } from './appointments.lifecycle.ts';
import {
  appointmentRow,
  calledAbsentBefore,
  lockAppointment,
  unendedBefore,
} from './appointments.repository.ts';

/**
 * The jobs of the booking rules. Each re-reads the appointment through the lifecycle, so a job for
 * something already paid, answered, canceled or moved does nothing.
 */

const HOUR_MS = 3_600_000;
const closeDueAt = (endsAt: Date) => new Date(endsAt.getTime() + UNENDED_CLOSE_AFTER_HOURS * HOUR_MS);

/** Job: an unpaid hold whose time has come frees its slot. */
export async function expireHold(ctx: BookingContext, id: string, now = new Date()) {
  await runTransition(ctx, id, { kind: 'expire_hold' }, BY_RULES, now);
}

/** Job: a request the doctor has not answered in time expires like a rejection. */
export async function expireRequest(ctx: BookingContext, id: string, now = new Date()) {
  await runTransition(ctx, id, { kind: 'expire_request' }, BY_RULES, now);
}

/** Job: a called on-demand patient who never came into the room is a no-show (decision 143). */
export async function missedCall(ctx: BookingContext, id: string, now = new Date()) {
  await runTransition(ctx, id, { kind: 'missed_call' }, BY_RULES, now);
}

/**
 * Job: a reminder, sent only when the appointment is still confirmed at the time the reminder was
 * planned for (a canceled or moved appointment gets none).
 */
export async function remind(ctx: BookingContext, id: string, plannedStart: Date, which: '24h' | '1h') {
  await ctx.db.transaction(async (tx) => {
    const appointment = await lockAppointment(tx, id);
    if (appointment?.status !== 'confirmed') return;
    if (appointment.startsAt.getTime() !== plannedStart.getTime()) return;
    await tellAbout(ctx, tx, id, which === '24h' ? 'reminder_24h' : 'reminder_1h');
  });
}

/**
 * Job: a consultation nobody ended, some hours after its end, is closed by what happened in the
 * room (decision 077). `plannedEnd` is the end the job was planned for: a moved consultation has a
 * job of its own.
 */
export async function closeUnended(ctx: BookingContext, id: string, plannedEnd: Date, now = new Date()) {
  const appointment = await appointmentRow(ctx.db, id);
  if (!appointment || appointment.endsAt.getTime() !== plannedEnd.getTime()) return;
  if (closeDueAt(appointment.endsAt).getTime() > now.getTime()) return;
  await runTransition(ctx, id, { kind: 'close_unended' }, BY_RULES, now);
}

/** Consultations nobody ended, past their closing time, for the sweep that backs the jobs up. */
export function unended(db: Queryable, now = new Date()) {
  return unendedBefore(db, new Date(now.getTime() - UNENDED_CLOSE_AFTER_HOURS * HOUR_MS));
}

/**
 * Called on-demand patients who never came in, past the minutes they had, for the sweep that backs
 * the missed-call job up (its transition decides). `noShowFrom` owns how many minutes.
 */
export function missedCalls(db: Queryable, now = new Date()) {
  const timeToCome = noShowFrom(now, 'on_demand').getTime() - now.getTime();
  return calledAbsentBefore(db, new Date(now.getTime() - timeToCome));
}
