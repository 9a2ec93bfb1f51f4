import type { AppointmentDto, BookingInput } from '@pulsa/shared/schemas/appointments';
import { APPOINTMENTS_PATH, appointmentPath, useAppointmentMutation } from '@/features/appointments';
import { api } from '@/lib/api-client';
import { BOOKING_TEXT } from '../texts';

/**
 * Booking and paying, through the appointments client's one mutation: the checkout shows each
 * answer at once, and the lists and free slots it touched are read again (a lost race included).
 */

const T = BOOKING_TEXT.toast;

/** Holds the slot and opens its payment; a lost race answers 409 `slot_taken` with the nearest slots. */
export const useBookAppointment = () =>
  useAppointmentMutation(
    (input: BookingInput) => api.post<AppointmentDto>(APPOINTMENTS_PATH, input),
    T.bookError,
  );

/** Test environment: pays with one of the test cards (only the number leaves the browser). */
export const usePayWithCard = (appointmentId: string) =>
  useAppointmentMutation(
    (number: string) =>
      api.post<AppointmentDto>(`${appointmentPath(appointmentId)}/payment/card`, { number }),
    T.cardError,
  );

/** Test environment: the bank confirms the PIX or the boleto, or approves the card's second step. */
export const useSimulatePayment = (appointmentId: string, errorTitle: string = T.simulateError) =>
  useAppointmentMutation(
    () => api.post<AppointmentDto>(`${appointmentPath(appointmentId)}/payment/simulate`),
    errorTitle,
  );
