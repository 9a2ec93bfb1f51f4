import { describe, expect, it } from 'vitest';
import { addDays, calendarDateIn, consultationTime, shortDateTimeIn, weekStart, zoneCity } from './when';

const consultation = (timeZone: string) => ({
  startsAt: '2026-11-24T13:00:00.000Z',
  endsAt: '2026-11-24T13:30:00.000Z',
  timeZone,
});

describe('consultationTime', () => {
  it('reads the consultation on the viewer’s clock, without a note when the doctor’s clock agrees', () => {
    expect(consultationTime(consultation('America/Sao_Paulo'), 'America/Sao_Paulo')).toEqual({
      weekday: 'Terça-feira',
      date: '24/11/2026',
      range: '10:00 às 10:30',
      doctorNote: undefined,
    });
  });

  it('adds the doctor’s clock when it shows another time', () => {
    const time = consultationTime(consultation('America/Manaus'), 'America/Sao_Paulo');
    expect(time.range).toBe('10:00 às 10:30');
    expect(time.doctorNote).toBe('09:00 no horário do médico (Manaus)');
  });

  it('adds no note for another zone on the same clock', () => {
    expect(consultationTime(consultation('America/Bahia'), 'America/Sao_Paulo').doctorNote).toBeUndefined();
  });

  it('puts a late-evening consultation on the viewer’s own calendar day', () => {
    const late = {
      startsAt: '2026-11-25T02:30:00.000Z',
      endsAt: '2026-11-25T03:00:00.000Z',
      timeZone: 'UTC',
    };
    const time = consultationTime(late, 'America/Sao_Paulo');
    expect(time.date).toBe('24/11/2026');
    expect(time.range).toBe('23:30 às 00:00');
    expect(time.doctorNote).toBe('02:30 no horário do médico (UTC)');
  });
});

describe('calendar helpers', () => {
  it('writes a deadline as day/month and time in the viewer’s zone', () => {
    expect(shortDateTimeIn('2026-11-24T13:00:00.000Z', 'America/Sao_Paulo')).toBe('24/11 às 10:00');
  });

  it('finds the calendar date in a zone', () => {
    expect(calendarDateIn('2026-11-25T02:30:00.000Z', 'America/Sao_Paulo')).toBe('2026-11-24');
    expect(calendarDateIn('2026-11-25T02:30:00.000Z', 'UTC')).toBe('2026-11-25');
  });

  it('adds days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('starts weeks on Sunday', () => {
    expect(weekStart('2026-11-24')).toBe('2026-11-22');
    expect(weekStart('2026-11-22')).toBe('2026-11-22');
    expect(weekStart('2026-11-28')).toBe('2026-11-22');
  });

  it('names a Brazilian zone by its city and any other by its id', () => {
    expect(zoneCity('America/Manaus')).toBe('Manaus');
    expect(zoneCity('America/Sao_Paulo')).toBe('Brasília');
    expect(zoneCity('Europe/Lisbon')).toBe('Lisbon');
  });
});
