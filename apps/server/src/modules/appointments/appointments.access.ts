import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { APPOINTMENT_MESSAGES as M } from '@pulsa/shared/schemas/appointments';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';
import {
  appointmentRow,
  doctorUserIdOf,
  findAppointmentDto,
  lockAppointment,
  lockLivePayment,
} from './appointments.repository.ts';
import { reachedDoctor } from './appointments.state.ts';

/**
 * Who may reach an appointment: its patient, its doctor, any admin. Everyone else gets the same 404
 * as for an appointment that does not exist. The one ownership check every path uses.
 */
export async function appointmentFor(tx: Queryable, viewer: Viewer, id: string) {
  const appointment = await lockAppointment(tx, id);
  if (!appointment) throw notFound(M.notFound);
  if (viewer.role === 'patient' && appointment.patientId !== viewer.id) throw notFound(M.notFound);
  if (viewer.role === 'doctor' && !(await doctorSees(tx, viewer, appointment))) throw notFound(M.notFound);
  return { appointment, payment: await lockLivePayment(tx, id) };
}

/** A doctor sees their own appointments once they reached them as requests (never an unpaid hold). */
async function doctorSees(
  db: Queryable,
  viewer: Viewer,
  appointment: { doctorId: string; status: string; requestedAt: Date | null },
): Promise<boolean> {
  return reachedDoctor(appointment) && (await doctorUserIdOf(db, appointment.doctorId)) === viewer.id;
}

/** The appointment as the viewer sees it (their actions, their share of the payment), or a 404. */
export async function getForViewer(ctx: BookingContext, viewer: Viewer, id: string): Promise<AppointmentDto> {
  const [dto, row] = await Promise.all([
    findAppointmentDto(ctx.db, id, viewer.role),
    appointmentRow(ctx.db, id),
  ]);
  if (!dto || !row) throw notFound(M.notFound);
  const sees =
    viewer.role === 'admin' ||
    (viewer.role === 'patient' && row.patientId === viewer.id) ||
    (viewer.role === 'doctor' && (await doctorSees(ctx.db, viewer, row)));
  if (!sees) throw notFound(M.notFound);
  return dto;
}
