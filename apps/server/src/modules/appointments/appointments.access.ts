import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { APPOINTMENT_MESSAGES as M } from '@pulsa/shared/schemas/appointments';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';
import { appointmentWithDoctorUser, findAppointmentDto } from './appointments.repository.ts';
import { reachedDoctor } from './appointments.state.ts';

/**
 * Who may reach an appointment: its patient, its doctor, any admin. Everyone else gets the same 404
 * as for an appointment that does not exist. The one ownership check every path uses: the
 * appointment's own changes, what it shows (getForViewer, its documents) and its consultation room.
 * Locks the appointment's row for the caller's transaction unless `lock` is false (a read).
 */
export async function appointmentFor(
  tx: Queryable,
  viewer: Viewer,
  id: string,
  options: { lock?: boolean } = {},
) {
  const found = await appointmentWithDoctorUser(tx, id, options.lock ?? true);
  if (!found) throw notFound(M.notFound);
  const reaches =
    viewer.role === 'admin' ||
    (viewer.role === 'patient' && found.appointment.patientId === viewer.id) ||
    // A doctor reaches their own appointments once they arrived as requests, never an unpaid hold.
    (viewer.role === 'doctor' && found.doctorUserId === viewer.id && reachedDoctor(found.appointment));
  if (!reaches) throw notFound(M.notFound);
  return found;
}

/** The appointment as the viewer sees it (their actions, their share of the payment), or a 404. */
export async function getForViewer(ctx: BookingContext, viewer: Viewer, id: string): Promise<AppointmentDto> {
  await appointmentFor(ctx.db, viewer, id, { lock: false });
  const dto = await findAppointmentDto(ctx.db, id, viewer.role);
  if (!dto) throw notFound(M.notFound);
  return dto;
}
