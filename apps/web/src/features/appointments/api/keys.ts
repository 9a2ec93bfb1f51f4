/**
 * The one set of cache keys and paths of the appointments client: every screen that shows an
 * appointment, a list of them, a doctor's free slots or the doctors to book reads through these
 * keys, so a change (a mutation, a live event, the clock) refreshes exactly what it touched.
 *
 * Everything under `all` shows appointments or the slots they take; the patient's billing address
 * and a bookable doctor's card (name, price, length) do not move with appointments and stay apart.
 */
export const APPOINTMENTS_PATH = '/api/appointments';

export const appointmentKeys = {
  all: ['appointments'] as const,
  /** One appointment: the checkout and the details dialog. */
  detail: (id: string) => ['appointments', 'detail', id] as const,
  /** What cancelling now would refund (it moves with the clock and with the appointment). */
  cancellation: (id: string) => ['appointments', 'cancellation', id] as const,
  /** Every page of the patient's upcoming and past consultations (the dashboard reads them too). */
  patientLists: ['appointments', 'patient', 'list'] as const,
  patientPayments: ['appointments', 'patient', 'payments'] as const,
  /** Every page and filter of the doctor's requests, and the count of those waiting for an answer. */
  doctorLists: ['appointments', 'doctor', 'list'] as const,
  doctorWeeks: ['appointments', 'doctor', 'week'] as const,
  doctorWeek: (sunday: string, zone: string) => ['appointments', 'doctor', 'week', sunday, zone] as const,
  adminLists: ['appointments', 'admin', 'list'] as const,
  /** The team's payments: every page and filter, and each payment's details (decision 083). */
  adminPayments: ['appointments', 'admin', 'payments'] as const,
  /** A doctor's free slots, whatever the range: the booking week, the reschedule dialog, "any later". */
  slots: (doctorId: string) => ['appointments', 'slots', doctorId] as const,
  slotRange: (doctorId: string, from: string, days: number) =>
    ['appointments', 'slots', doctorId, from, days] as const,
  /** "Agendar consulta": the doctors with their next free slots, every filter and page. */
  bookableDoctorLists: ['appointments', 'bookable-doctors'] as const,
  /** One doctor to book (name, price, length): looked up once, not moved by appointments. */
  bookableDoctor: (doctorId: string) => ['bookable-doctor', doctorId] as const,
  billingAddress: ['billing-address'] as const,
};

export const appointmentPath = (id: string) => `${APPOINTMENTS_PATH}/${encodeURIComponent(id)}`;

export const doctorSlotsPath = (doctorId: string) => `/api/doctors/${encodeURIComponent(doctorId)}/slots`;

/** The .ics file of a consultation, downloaded by a plain link with the session cookie. */
export const calendarFileHref = (id: string) => `${appointmentPath(id)}/calendar.ics`;
