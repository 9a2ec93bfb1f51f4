import type { OnDemandOffer, Ticket } from '@pulsa/shared/schemas/on-demand';
import { describe, expect, it } from 'vitest';
import { joinableOffers, movedTo, soonestOffer } from './joinable';

const offer = (name: string, changes: Partial<OnDemandOffer> = {}): OnDemandOffer => ({
  specialtyId: `00000000-0000-4000-8000-00000000000${name.length}`,
  specialtyName: name,
  price: 8000,
  maxWaitMinutes: 60,
  openNow: true,
  nextOpening: null,
  hours: [],
  doctorsOnDuty: 1,
  waiting: 0,
  eta: { low: 0, high: 1 },
  averageMinutes: 12,
  refusal: null,
  ...changes,
});

describe('the offers a patient can join now', () => {
  it('are the open ones nothing refuses', () => {
    const offers = [
      offer('Pediatria'),
      offer('Dermatologia', { openNow: false }),
      offer('Psiquiatria', { refusal: 'Fila cheia no momento — tente novamente em alguns minutos.' }),
    ];
    expect(joinableOffers(offers).map((o) => o.specialtyName)).toEqual(['Pediatria']);
  });

  it('the soonest is the one whose forecast ends first; none when nothing is open', () => {
    const offers = [
      offer('Clínica médica', { eta: { low: 10, high: 20 } }),
      offer('Pediatria', { eta: { low: 5, high: 12 } }),
      offer('Dermatologia', { openNow: false, eta: { low: 0, high: 1 } }),
    ];
    expect(soonestOffer(offers)?.specialtyName).toBe('Pediatria');
    expect(soonestOffer([offer('Dermatologia', { openNow: false })])).toBeNull();
  });
});

describe('a waiting ticket moving up the line', () => {
  const id = '00000000-0000-4000-8000-000000000042';
  const waiting = {
    id,
    stage: 'waiting',
    position: 3,
    eta: { low: 20, high: 30 },
    doctorsOnDuty: 2,
    averageMinutes: 12,
    complaint: 'Febre desde ontem.',
  } as unknown as Ticket;
  const place = {
    ticketId: id,
    position: 2,
    eta: { low: 10, high: 15 },
    doctorsOnDuty: 3,
    averageMinutes: 11,
  };

  it('takes its new position, forecast and doctors, and keeps the rest', () => {
    expect(movedTo(waiting, place)).toEqual({
      ...waiting,
      position: 2,
      eta: { low: 10, high: 15 },
      doctorsOnDuty: 3,
      averageMinutes: 11,
    });
  });

  it('is read again when the place is another ticket’s, or the ticket held no longer waits', () => {
    expect(movedTo(waiting, { ...place, ticketId: '00000000-0000-4000-8000-000000000043' })).toBeNull();
    expect(movedTo({ ...waiting, stage: 'awaiting_payment' }, place)).toBeNull();
    expect(movedTo(null, place)).toBeNull();
  });
});
