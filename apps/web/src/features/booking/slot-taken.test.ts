import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { slotTakenOf } from './slot-taken';

const MESSAGE = 'Este horário acabou de ser reservado. Escolha outro.';

describe('slotTakenOf', () => {
  it('reads the nearest free slots the server sends with a lost race', () => {
    const body = {
      message: MESSAGE,
      code: 'slot_taken',
      nearest: [
        { start: '2026-11-24T21:30:00.000Z', end: '2026-11-24T22:00:00.000Z' },
        { start: '2026-11-24T22:00:00.000Z', end: '2026-11-24T22:30:00.000Z' },
      ],
    };
    expect(slotTakenOf(new ApiError(409, MESSAGE, undefined, 'slot_taken', body))).toEqual({
      message: MESSAGE,
      nearest: ['2026-11-24T21:30:00.000Z', '2026-11-24T22:00:00.000Z'],
    });
  });

  it('keeps the message when the answer carries no slots', () => {
    expect(slotTakenOf(new ApiError(409, MESSAGE, undefined, 'slot_taken'))).toEqual({
      message: MESSAGE,
      nearest: [],
    });
  });

  it('is null for any other failure', () => {
    expect(
      slotTakenOf(new ApiError(409, 'Você já tem uma consulta neste horário.', undefined, 'patient_busy')),
    ).toBeNull();
    expect(slotTakenOf(new Error('boom'))).toBeNull();
    expect(slotTakenOf(null)).toBeNull();
  });
});
