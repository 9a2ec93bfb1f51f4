import { describe, expect, it } from 'vitest';
import { weeklyHoursLines } from './hours';

const w = (weekday: number, from: string, to: string) => ({ weekday, from, to });

describe('weeklyHoursLines', () => {
  it('says "Todos os dias: 24 horas" for a service that never closes', () => {
    expect(weeklyHoursLines([0, 1, 2, 3, 4, 5, 6].map((d) => w(d, '00:00', '24:00')))).toEqual([
      'Todos os dias: 24 horas',
    ]);
  });

  it('puts consecutive days with the same hours together, Monday first, and leaves closed days out', () => {
    const hours = [1, 2, 3, 4, 5].map((d) => w(d, '08:00', '20:00'));
    expect(weeklyHoursLines([...hours, w(6, '09:00', '13:00')])).toEqual([
      'Segunda a sexta: 08:00 às 20:00',
      'Sábado: 09:00 às 13:00',
    ]);
  });

  it('lists a day’s windows in order', () => {
    expect(weeklyHoursLines([w(3, '14:00', '18:00'), w(3, '08:00', '12:00')])).toEqual([
      'Quarta: 08:00 às 12:00, 14:00 às 18:00',
    ]);
  });

  it('is empty without hours', () => {
    expect(weeklyHoursLines([])).toEqual([]);
  });
});
