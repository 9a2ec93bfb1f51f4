import { type AppointmentDto, CANCELLATION_REASONS } from '@pulsa/shared/schemas/appointments';

/**
 * Where a checkout stands: still to pay, sent to the doctor (card authorised, PIX or boleto
 * paid), or over without a consultation (the hold ran out, canceled, the payment failed for good).
 * Whether it can still be paid is the server's word (`pay` among the appointment's actions); a
 * declined card is not an end: its payment stays pending and `pay` stays offered.
 */
export type CheckoutStage = 'pay' | 'sent' | 'expired' | 'canceled' | 'failed';

const heldUntil = (appointment: AppointmentDto) =>
  appointment.holdExpiresAt ? Date.parse(appointment.holdExpiresAt) : null;

export function checkoutStage(appointment: AppointmentDto, now = Date.now()): CheckoutStage {
  const payment = appointment.payment;
  if (appointment.status === 'canceled')
    return appointment.cancellationReason === CANCELLATION_REASONS.holdExpired ? 'expired' : 'canceled';
  const held = heldUntil(appointment);
  if (appointment.actions.includes('pay')) {
    // The server releases the slot on its own timer; on this clock the hold is already over.
    return held !== null && held <= now ? 'expired' : 'pay';
  }
  if (payment?.status === 'processing' || payment?.status === 'paid') return 'sent';
  // Not payable any more, the money never came and the hold has passed: the slot is gone.
  if (payment?.status === 'pending' && held !== null && held <= now) return 'expired';
  return 'failed';
}
