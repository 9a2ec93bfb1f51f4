/**
 * The cache keys of every consultation list. Every answer, cancellation or move changes several
 * lists at once (the patient's, the doctor's, the admin's), so mutations invalidate `all`.
 */
export const appointmentKeys = {
  all: ['appointments'] as const,
  patientList: ['appointments', 'patient', 'list'] as const,
  patientPayments: ['appointments', 'patient', 'payments'] as const,
  doctorList: ['appointments', 'doctor', 'list'] as const,
  doctorWeek: (sunday: string) => ['appointments', 'doctor', 'week', sunday] as const,
  adminList: ['appointments', 'admin', 'list'] as const,
  cancellation: (id: string) => ['appointments', 'cancellation', id] as const,
  /** Free slots change with every booking anywhere: kept apart, refreshed on their own. */
  slots: (doctorId: string, from: string) => ['doctor-slots', doctorId, from] as const,
};

export const appointmentPath = (id: string) => `/api/appointments/${encodeURIComponent(id)}`;

/** The .ics file of a consultation, downloaded by a plain link with the session cookie. */
export const calendarFileHref = (id: string) => `${appointmentPath(id)}/calendar.ics`;
