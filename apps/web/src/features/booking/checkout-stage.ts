import { type AppointmentDto, CANCELLATION_REASONS } from '@pulsa/shared/schemas/appointments';

/**
 * Where a checkout stands: still to pay, sent to the doctor (card authorised, PIX or boleto
 * paid), or over without a consultation (the hold ran out, canceled, the payment failed for good).
 * A declined card is not an end: its payment stays pending and can be tried again.
 */
export type CheckoutStage = 'pay' | 'sent' | 'expired' | 'canceled' | 'failed';

export function checkoutStage(appointment: AppointmentDto, now = Date.now()): CheckoutStage {
  const payment = appointment.payment;
  if (appointment.status === 'canceled')
    return appointment.cancellationReason === CANCELLATION_REASONS.holdExpired ? 'expired' : 'canceled';
  if (!payment) return 'failed';
  if (payment.status === 'processing' || payment.status === 'paid') return 'sent';
  if (payment.status !== 'pending') return 'failed';
  // The server releases the slot on its own timer; on this clock the hold is already over.
  if (appointment.holdExpiresAt && Date.parse(appointment.holdExpiresAt) <= now) return 'expired';
  return 'pay';
}
