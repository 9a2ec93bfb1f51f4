import type { AppointmentDto, BookingInput } from '@pulsa/shared/schemas/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { appointmentKeys } from '@/features/appointments/api/appointment-keys';
import { api } from '@/lib/api-client';
import { BOOKING_TEXT } from '../texts';
import { APPOINTMENTS_PATH, appointmentPath, bookingKeys } from './booking-keys';

const T = BOOKING_TEXT.toast;

/**
 * Every answer about an appointment is its whole new state: the checkout shows it at once, and
 * the consultation lists (which now hold or move it) are read again.
 */
function useAppointmentMutation<TInput>(
  mutationFn: (input: TInput) => Promise<AppointmentDto>,
  errorTitle: string,
  /** Cache keys whose answers are out of date once the call is answered, whatever the answer. */
  staleAfter: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { error: { title: errorTitle } },
    onSuccess: (appointment) => {
      queryClient.setQueryData(bookingKeys.appointment(appointment.id), appointment);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.all });
    },
    onSettled: () => {
      for (const queryKey of staleAfter) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Holds the slot and opens its payment; a lost race answers 409 `slot_taken` with the nearest slots. */
export const useBookAppointment = () =>
  useAppointmentMutation(
    (input: BookingInput) => api.post<AppointmentDto>(APPOINTMENTS_PATH, input),
    T.bookError,
    // Taken by us or by someone else, the free slots on screen changed.
    [bookingKeys.slots, bookingKeys.doctorLists],
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
