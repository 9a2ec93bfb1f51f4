import type { AppointmentDto } from '@pulsa/shared/schemas/appointments';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { checkoutStage } from '../checkout-stage';
import { BOOKING_TEXT } from '../texts';
import { appointmentPath, bookingKeys } from './booking-keys';

const POLL_MS = 3000;

/**
 * The appointment being paid. While its payment is pending it is read again every 3 s, so a PIX
 * or boleto paid elsewhere (or the bank's answer to a card) shows up without a reload.
 */
export function useCheckoutAppointment(id: string) {
  return useQuery({
    queryKey: bookingKeys.appointment(id),
    queryFn: ({ signal }) => api.get<AppointmentDto>(appointmentPath(id), { signal }),
    refetchInterval: (query) =>
      query.state.status !== 'error' && query.state.data && checkoutStage(query.state.data) === 'pay'
        ? POLL_MS
        : false,
    staleTime: 0,
    meta: { errorTitle: BOOKING_TEXT.checkout.loadError },
  });
}
