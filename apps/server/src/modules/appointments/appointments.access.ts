import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { APPOINTMENT_MESSAGES as M } from '@pulsa/shared/schemas/appointments';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { BookingContext, Viewer } from './appointments.context.ts';
import {
  doctorUserIdOf,
  findAppointmentDto,
  lockAppointment,
  lockLivePayment,
} from './appointments.repository.ts';

/**
 * Who may reach an appointment: its patient, its doctor, any admin. Everyone else gets the same 404
 * as for an appointment that does not exist. The one ownership check every path uses.
 */
export async function appointmentFor(tx: Queryable, viewer: Viewer, id: string) {
  const appointment = await lockAppointment(tx, id);
  if (!appointment) throw notFound(M.notFound);
  if (viewer.role === 'patient' && appointment.patientId !== viewer.id) throw notFound(M.notFound);
  if (viewer.role === 'doctor' && (await doctorUserIdOf(tx, appointment.doctorId)) !== viewer.id)
    throw notFound(M.notFound);
  return { appointment, payment: await lockLivePayment(tx, id) };
}

/** The appointment as the viewer sees it (their actions, their share of the payment), or a 404. */
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
