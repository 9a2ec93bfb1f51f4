import { describe, expect, it } from 'vitest';
import { cpfDigits, formatCpf, isValidCpf, maskCpf, withCpfCheckDigits } from './cpf.ts';

describe('isValidCpf', () => {
  it.each(['52998224725', '529.982.247-25', '11144477735', '111.444.777-35'])('accepts %s', (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    ['wrong first check digit', '52998224735'],
    ['wrong second check digit', '52998224726'],
    ['too short', '5299822472'],
    ['too long', '529982247250'],
    ['letters', 'abcdefghijk'],
    ['empty', ''],
  ])('rejects %s', (_, cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });

  it.each(Array.from({ length: 10 }, (_, d) => String(d).repeat(11)))(
    'rejects the all-equal sequence %s',
    (cpf) => {
      expect(isValidCpf(cpf)).toBe(false);
    },
  );
});

describe('CPF formatting', () => {
  it('keeps digits only', () => expect(cpfDigits(' 529.982.247-25 ')).toBe('52998224725'));
  it('formats 11 digits', () => expect(formatCpf('52998224725')).toBe('529.982.247-25'));
  it('leaves other input alone', () => expect(formatCpf('123')).toBe('123'));
  it('masks all but the middle', () => expect(maskCpf('52998224725')).toBe('***.982.247-**'));
});

describe('withCpfCheckDigits', () => {
  it('appends both check digits', () => {
    expect(withCpfCheckDigits('529982247')).toBe('52998224725');
    expect(withCpfCheckDigits('111444777')).toBe('11144477735');
  });
});
