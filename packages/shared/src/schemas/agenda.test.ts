import { describe, expect, it } from 'vitest';
import { agendaExceptionInputSchema, availabilityWindowInputSchema } from './agenda.ts';

const firstMessage = (input: unknown) => {
  const r = availabilityWindowInputSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('availability form', () => {
  it('reports weekday, start, end, then end after start, in that order', () => {
    expect(firstMessage({ dayOfWeek: '', startTime: '', endTime: '' })).toBe('Selecione um dia da semana');
    expect(firstMessage({ dayOfWeek: '1', startTime: '', endTime: '' })).toBe('Defina um horário de início');
    expect(firstMessage({ dayOfWeek: '1', startTime: '09:00', endTime: '' })).toBe(
      'Defina um horário de término',
    );
    expect(firstMessage({ dayOfWeek: '1', startTime: '09:00', endTime: '09:00' })).toBe(
      'O horário de término deve ser depois do horário de início',
    );
    expect(
      availabilityWindowInputSchema.parse({ dayOfWeek: '0', startTime: '09:00', endTime: '09:30' }),
    ).toEqual({
      dayOfWeek: 0,
      startTime: '09:00',
      endTime: '09:30',
    });
  });
});

describe('date exceptions', () => {
  it('a day off needs no end date; extra hours need both times in order', () => {
    expect(agendaExceptionInputSchema.safeParse({ kind: 'off', startDate: '2099-01-01' }).success).toBe(true);
    const extra = agendaExceptionInputSchema.safeParse({
      kind: 'extra',
      startDate: '2099-01-01',
      startTime: '10:00',
      endTime: '09:00',
    });
    expect(extra.error?.issues[0]?.message).toBe('O horário de término deve ser depois do horário de início');
    const tooLong = agendaExceptionInputSchema.safeParse({
      kind: 'off',
      startDate: '2099-01-01',
      endDate: '2100-01-02',
    });
    expect(tooLong.error?.issues[0]?.message).toBe('O período pode ter no máximo 366 dias');
  });
});
