import { describe, expect, it } from 'vitest';
import { formatDate, formatMonth, formatTime, recentMonths } from './date.ts';
import { initials } from './initials.ts';
import { centavosToInput, formatBRL, parseReais } from './money.ts';
import { formatPhone } from './phone.ts';
import { slugify } from './slug.ts';

describe('money', () => {
  it('formats centavos as BRL', () => {
    expect(formatBRL(123456)).toBe('R$ 1.234,56');
    expect(formatBRL(0)).toBe('R$ 0,00');
    expect(formatBRL(5)).toBe('R$ 0,05');
  });
  it('parses typed amounts into centavos', () => {
    expect(parseReais('150')).toBe(15000);
    expect(parseReais('150.5')).toBe(15050);
    expect(parseReais('150,50')).toBe(15050);
    expect(parseReais('1.234,56')).toBe(123456);
    expect(parseReais('12.345')).toBeNull();
    expect(parseReais('abc')).toBeNull();
    expect(parseReais('-1')).toBeNull();
  });
  it('shows centavos in a price input', () => expect(centavosToInput(15050)).toBe('150.50'));
});

describe('dates', () => {
  it('formats dd/MM/yyyy in Brasília time', () => {
    expect(formatDate('2026-03-05T02:00:00Z')).toBe('04/03/2026');
    expect(formatDate(null)).toBe('N/A');
  });
  it('formats HH:MM', () => expect(formatTime('2026-03-05T12:30:00Z')).toBe('09:30'));
});

describe('initials', () => {
  it('takes up to two words', () => expect(initials('maria da silva')).toBe('MD'));
  it('uses an email when there is no name', () => expect(initials('ana@exemplo.com')).toBe('A'));
  it('falls back', () => expect(initials('', 'DR')).toBe('DR'));
});

describe('other formats', () => {
  it('formats phones', () => {
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });
  it('slugifies Portuguese names', () => expect(slugify('Clínica Geral')).toBe('clinica-geral'));
});

describe('input masks', () => {
  it('masks a CPF as it is typed', async () => {
    const { maskCpfInput } = await import('./cpf.ts');
    expect(maskCpfInput('529')).toBe('529');
    expect(maskCpfInput('5299822')).toBe('529.982.2');
    expect(maskCpfInput('52998224725999')).toBe('529.982.247-25');
  });
  it('masks a phone as it is typed', async () => {
    const { maskPhoneInput } = await import('./phone.ts');
    expect(maskPhoneInput('1')).toBe('(1');
    expect(maskPhoneInput('119876')).toBe('(11) 9876');
    expect(maskPhoneInput('1133334444')).toBe('(11) 3333-4444');
    expect(maskPhoneInput('11987654321')).toBe('(11) 98765-4321');
  });
});

describe('month names', () => {
  it('names a "yyyy-MM" month in Portuguese', () => {
    expect(formatMonth('2026-03')).toBe('março de 2026');
    expect(formatMonth('2025-12')).toBe('dezembro de 2025');
  });

  it('lists the month of a day and the 11 before it, across the turn of the year', () => {
    const months = recentMonths(new Date(2026, 1, 15));
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ value: '2026-02', label: 'fevereiro de 2026' });
    expect(months[2]).toEqual({ value: '2025-12', label: 'dezembro de 2025' });
    expect(months[11]?.value).toBe('2025-03');
  });
});
