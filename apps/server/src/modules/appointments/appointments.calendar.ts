import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import ical, { ICalEventStatus } from 'ical-generator';

/** The appointment as an .ics event for the patient's or doctor's own calendar. */
export function appointmentCalendar(
  dto: AppointmentDto,
  appUrl: string,
  forRole: 'patient' | 'doctor' | 'admin',
): string {
  const calendar = ical({
    name: 'Pulsa',
    prodId: { company: 'Pulsa', product: 'consultas', language: 'PT-BR' },
  });
  const other = forRole === 'doctor' ? dto.patient.name : dto.doctor.name;
  const link = `${appUrl}${forRole === 'doctor' ? '/doctor/appointments' : '/patient/consultations'}`;
  calendar.createEvent({
    id: `${dto.id}@pulsa`,
    start: new Date(dto.startsAt),
    end: new Date(dto.endsAt),
    summary: `Teleconsulta com ${other} — Pulsa`,
    description: `Consulta por vídeo no Pulsa. Acesse: ${link}`,
    url: link,
    status: dto.status === 'canceled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return calendar.toString();
}
