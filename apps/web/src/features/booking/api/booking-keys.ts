/** Where the booking calls go and the cache keys they share. */
export const BOOKING_DOCTORS_PATH = '/api/booking/doctors';
export const APPOINTMENTS_PATH = '/api/appointments';

export const doctorSlotsPath = (doctorId: string) => `/api/doctors/${encodeURIComponent(doctorId)}/slots`;
export const appointmentPath = (id: string) => `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`;

export const bookingKeys = {
  all: ['booking'] as const,
  doctorLists: ['booking', 'doctors'] as const,
  doctor: (doctorId: string) => ['booking', 'doctor', doctorId] as const,
  /** Free slots change with every booking anywhere: refreshed after each booking attempt. */
  slots: ['booking', 'slots'] as const,
  week: (doctorId: string, sunday: string) => ['booking', 'slots', doctorId, 'week', sunday] as const,
  later: (doctorId: string, sunday: string) => ['booking', 'slots', doctorId, 'after', sunday] as const,
  appointment: (id: string) => ['booking', 'appointment', id] as const,
  billingAddress: ['booking', 'billing-address'] as const,
};
