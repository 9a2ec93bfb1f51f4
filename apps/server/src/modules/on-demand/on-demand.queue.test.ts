import { describe, expect, it } from 'vitest';
import { closedHoursMessage } from './on-demand.queue.ts';

describe('the closed-hours message', () => {
  const hours = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, from: '07:00', to: '22:00' }));

  it('says when the service opens, in São Paulo’s words', () => {
    // Monday 05:00 there.
    expect(closedHoursMessage(hours, new Date('2026-11-30T08:00:00Z'))).toBe(
      'O pronto atendimento está fora do horário. Abre hoje às 07:00.',
    );
    // Monday 23:00 there.
    expect(closedHoursMessage(hours, new Date('2026-12-01T02:00:00Z'))).toBe(
      'O pronto atendimento está fora do horário. Abre amanhã às 07:00.',
    );
    // Friday 23:00 there.
    expect(closedHoursMessage(hours, new Date('2026-12-05T02:00:00Z'))).toBe(
      'O pronto atendimento está fora do horário. Abre segunda-feira às 07:00.',
    );
    expect(closedHoursMessage([], new Date())).toBe('O pronto atendimento está fora do horário.');
  });
});
