import { describe, expect, it } from 'vitest';
import { firstName } from './person';

describe('firstName', () => {
  it('takes the first word of the name', () => expect(firstName('Maria da Silva')).toBe('Maria'));
  it('skips a title before the name', () => {
    expect(firstName('Dra. Helena Martins')).toBe('Helena');
    expect(firstName('dr paulo ramos')).toBe('paulo');
  });
  it('keeps a lone title rather than nothing', () => expect(firstName('Dr.')).toBe('Dr.'));
  it('falls back to the email', () => expect(firstName('  ', 'ana.lima@exemplo.com')).toBe('ana.lima'));
});
