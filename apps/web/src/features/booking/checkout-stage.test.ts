import type { AppointmentDto, PaymentDto } from '@pulsa/shared/schemas/appointments';
import { CANCELLATION_REASONS } from '@pulsa/shared/schemas/appointments';
import { describe, expect, it } from 'vitest';
import { checkoutStage } from './checkout-stage';

const NOW = Date.parse('2026-11-23T22:00:00.000Z');

function appointment(
  changes: Partial<AppointmentDto> = {},
  payment: Partial<PaymentDto> | null = {},
): AppointmentDto {
  return {
    id: '15bd3a40-884a-44d9-a792-c5bdc5628839',
    status: 'scheduled',
    startsAt: '2026-11-24T21:00:00.000Z',
    endsAt: '2026-11-24T21:30:00.000Z',
    timeZone: 'America/Sao_Paulo',
    price: 18000,
    notes: null,
    captionsRequested: false,
    cancellationReason: null,
    canceledBy: null,
    holdExpiresAt: '2026-11-23T22:10:00.000Z',
    reachedDoctor: false,
    respondBy: null,
    policyAcceptedAt: null,
    freeCancellationUntil: null,
    rescheduleCount: 0,
    // The server's word for a pending payment inside its hold.
    actions: payment !== null && (payment.status ?? 'pending') === 'pending' ? ['pay', 'cancel'] : [],
    nextChangeAt: null,
    createdAt: '2026-11-23T21:55:00.000Z',
    doctor: {
      id: 'cfb2fe1b-356e-4cc0-a287-8caf8b2bbb5b',
      name: 'Otávio Lacerda Mendes',
      email: 'otavio@exemplo.com.br',
      doctorId: 'b9ba5473-fe84-4b19-8012-fffd6413993a',
      slug: null,
      specialty: 'Cardiologia',
      crm: '31415/RS',
    },
    patient: { id: '29006ede-2ed7-48a3-853f-63f9c6500fed', name: 'Ana', email: 'ana@exemplo.com.br' },
    payment:
      payment === null
        ? null
        : {
            id: 'fe2b93f6-5143-48ae-a057-44a6358103b7',
            appointmentId: '15bd3a40-884a-44d9-a792-c5bdc5628839',
            method: 'card',
            status: 'pending',
            amount: 18000,
            provider: 'sandbox',
            sandbox: true,
            needsCard: true,
            needsSecondStep: false,
            instructions: null,
            failureMessage: null,
            createdAt: '2026-11-23T21:55:00.000Z',
            paidAt: null,
            refund: null,
            ...payment,
          },
    ...changes,
  };
}

describe('checkoutStage', () => {
  it('asks for the payment while the hold lasts, a declined card included', () => {
    expect(checkoutStage(appointment(), NOW)).toBe('pay');
    expect(checkoutStage(appointment({}, { failureMessage: 'Cartão recusado.' }), NOW)).toBe('pay');
    // A boleto holds until its due date.
    expect(
      checkoutStage(appointment({ holdExpiresAt: '2026-11-26T02:59:00.000Z' }, { method: 'boleto' }), NOW),
    ).toBe('pay');
  });

  it('is sent to the doctor once the card is authorised or the money arrived', () => {
    expect(checkoutStage(appointment({ holdExpiresAt: null }, { status: 'processing' }), NOW)).toBe('sent');
    expect(checkoutStage(appointment({ holdExpiresAt: null }, { status: 'paid', method: 'pix' }), NOW)).toBe(
      'sent',
    );
    expect(
      checkoutStage(appointment({ status: 'confirmed', holdExpiresAt: null }, { status: 'paid' }), NOW),
    ).toBe('sent');
  });

  it('is over when the hold ran out, on this clock before the server says so', () => {
    expect(checkoutStage(appointment({ holdExpiresAt: '2026-11-23T21:59:59.000Z' }), NOW)).toBe('expired');
    // The server no longer offers the payment (the hold lapsed) and has not released the slot yet.
    expect(
      checkoutStage(appointment({ holdExpiresAt: '2026-11-23T21:59:59.000Z', actions: ['cancel'] }), NOW),
    ).toBe('expired');
    expect(
      checkoutStage(
        appointment(
          { status: 'canceled', cancellationReason: CANCELLATION_REASONS.holdExpired },
          { status: 'failed' },
        ),
        NOW,
      ),
    ).toBe('expired');
  });

  it('says canceled for any other cancellation, even of a paid request', () => {
    expect(
      checkoutStage(
        appointment(
          {
            status: 'canceled',
            cancellationReason: CANCELLATION_REASONS.doctorRejected,
            holdExpiresAt: null,
          },
          { status: 'refunded' },
        ),
        NOW,
      ),
    ).toBe('canceled');
  });

  it('is failed when the payment ended without money or there is none', () => {
    expect(checkoutStage(appointment({}, { status: 'failed' }), NOW)).toBe('failed');
    expect(checkoutStage(appointment({}, null), NOW)).toBe('failed');
  });

  it('asks for the payment only while the server offers it', () => {
    // A pending payment inside its hold that the server no longer takes (its own reasons).
    expect(checkoutStage(appointment({ actions: ['cancel'] }), NOW)).toBe('failed');
    expect(checkoutStage(appointment({ actions: ['pay'] }), NOW)).toBe('pay');
  });
});
