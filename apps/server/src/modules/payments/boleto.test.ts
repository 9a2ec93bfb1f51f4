import { describe, expect, it } from 'vitest';
import {
  buildBoleto,
  digitableLineFromBarcode,
  dueFactor,
  easterSunday,
  freeFieldFor,
  isBusinessDay,
  mod10,
  mod11,
  nationalHolidays,
  nextBusinessDay,
  parseDigitableLine,
} from './boleto.ts';

// Published examples: a Bradesco line used by many validators' documentation, another bank's
// line, and Banco do Brasil's barcode example with its line.
const BRADESCO_LINE = '23793.38128 60007.827136 95000.063305 9 75520000370000';
const BRADESCO_BARCODE = '23799755200003700003381260007827139500006330';
const OTHER_LINE = '42297.11504 00001.954411 60020.034520 2 68610000054659';
const BB_BARCODE = '00193373700000001000500940144816060680935031';

describe('check digits', () => {
  it('mod 10 follows the worked example: 0019 05009 → 5', () => {
    // Weights from the right 2,1,2,…: 9·2=18→9, 0, 0·2, 5, 0·2, 9·1=9, 1·2=2, 0, 0 → sum 25 → 10−5 = 5.
    expect(mod10('001905009')).toBe(5);
    expect(mod10('0')).toBe(0);
  });

  it('mod 11 turns 0, 10 and 11 into 1', () => {
    // "0": sum 0 → 11 → 1; "5": 5·2 = 10 → 11 − 10 = 1; "1": 2 → 9.
    expect(mod11('0')).toBe(1);
    expect(mod11('5')).toBe(1);
    expect(mod11('1')).toBe(9);
    // "91": 1·2 + 9·3 = 29 → 29 mod 11 = 7 → 4.
    expect(mod11('91')).toBe(4);
  });

  it('matches published lines and barcodes', () => {
    expect(parseDigitableLine(BRADESCO_LINE)).toEqual({
      barcode: BRADESCO_BARCODE,
      bankCode: '237',
      currency: '9',
      dueFactor: 7552,
      amount: 370_000,
      freeField: '3381260007827139500006330',
    });
    expect(digitableLineFromBarcode(BRADESCO_BARCODE)).toBe(BRADESCO_LINE);
    expect(parseDigitableLine(OTHER_LINE).amount).toBe(54_659);
    expect(parseDigitableLine(OTHER_LINE.replace(/\D/g, '')).dueFactor).toBe(6861);
    expect(digitableLineFromBarcode(BB_BARCODE)).toBe(
      '00190.50095 40144.816069 06809.350314 3 37370000000100',
    );
    expect(mod11(BB_BARCODE.slice(0, 4) + BB_BARCODE.slice(5))).toBe(3);
  });

  it('rejects any single mistyped digit of a published line', () => {
    const digits = BRADESCO_LINE.replace(/\D/g, '');
    for (let i = 0; i < digits.length; i++) {
      const typo = digits.slice(0, i) + ((Number(digits[i]) + 1) % 10) + digits.slice(i + 1);
      expect(() => parseDigitableLine(typo), `position ${i}`).toThrow(RangeError);
    }
    // The same line with another amount but the old general check digit.
    expect(() => parseDigitableLine('23793.38128 60007.827136 95000.063305 9 84340000150000')).toThrow(
      /general check digit/,
    );
    expect(() => parseDigitableLine('2379338128')).toThrow(RangeError);
  });
});

describe('dueFactor', () => {
  it('counts days since 1997-10-07 and restarts at 1000 on 2025-02-22', () => {
    expect(dueFactor('2000-07-03')).toBe(1000);
    expect(dueFactor('2025-02-21')).toBe(9999);
    expect(dueFactor('2025-02-22')).toBe(1000);
    expect(dueFactor('2025-02-23')).toBe(1001);
    // 2025-02-22 + 365 days (2026-02-22) + 295 days.
    expect(dueFactor('2026-12-14')).toBe(1660);
  });

  it('refuses dates without a factor or not in yyyy-MM-dd', () => {
    expect(() => dueFactor('2000-07-02')).toThrow(RangeError);
    expect(() => dueFactor('2026-02-30')).toThrow(RangeError);
    expect(() => dueFactor('14/12/2026')).toThrow(RangeError);
  });
});

describe('buildBoleto', () => {
  const input = { amount: 15_000, dueDate: '2026-12-14', reference: '5b0c1c1e-7a4f-4c4e-9f7e-2d7b8f0e4a11' };

  it('puts bank 000, currency, factor, amount and free field in the barcode', () => {
    const { barcode, digitableLine } = buildBoleto(input);
    expect(barcode).toMatch(/^\d{44}$/);
    expect(barcode.slice(0, 4)).toBe('0009');
    expect(barcode.slice(5, 9)).toBe('1660');
    expect(barcode.slice(9, 19)).toBe('0000015000');
    expect(barcode.slice(19)).toBe(freeFieldFor(input.reference));
    expect(digitableLine).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    expect(parseDigitableLine(digitableLine)).toMatchObject({
      barcode,
      bankCode: '000',
      dueFactor: 1660,
      amount: 15_000,
    });
  });

  it('gives the same boleto for the same reference, another for another', () => {
    expect(buildBoleto(input)).toEqual(buildBoleto(input));
    expect(buildBoleto({ ...input, reference: 'other' }).barcode.slice(19)).not.toBe(
      buildBoleto(input).barcode.slice(19),
    );
    expect(freeFieldFor('x')).toMatch(/^\d{25}$/);
  });

  it('refuses invalid amounts and references', () => {
    expect(() => buildBoleto({ ...input, amount: 0 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...input, amount: 1.5 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...input, amount: 10_000_000_000 })).toThrow(RangeError);
    expect(() => buildBoleto({ ...input, reference: '' })).toThrow(RangeError);
    expect(buildBoleto({ ...input, amount: 9_999_999_999 }).barcode.slice(9, 19)).toBe('9999999999');
  });
});

describe('business days', () => {
  it('computes Easter', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it('knows the movable holidays', () => {
    const holidays2026 = nationalHolidays(2026);
    for (const day of ['2026-02-16', '2026-02-17', '2026-04-03', '2026-06-04']) {
      expect(holidays2026.has(day), day).toBe(true);
    }
    expect(holidays2026.has('2026-02-18')).toBe(false); // Ash Wednesday: banks open
    expect(holidays2026.size).toBe(13);
  });

  it('skips weekends and national holidays', () => {
    expect(nextBusinessDay('2026-11-19')).toBe('2026-11-23'); // Consciência Negra on a Friday
    expect(nextBusinessDay('2026-03-10')).toBe('2026-03-11');
    expect(nextBusinessDay('2026-03-13')).toBe('2026-03-16'); // Friday → Monday
    expect(nextBusinessDay('2026-02-13')).toBe('2026-02-18'); // Carnival
    expect(nextBusinessDay('2026-04-02')).toBe('2026-04-06'); // Good Friday
    expect(nextBusinessDay('2026-06-03')).toBe('2026-06-05'); // Corpus Christi
    expect(nextBusinessDay('2026-04-20')).toBe('2026-04-22'); // Tiradentes
    expect(nextBusinessDay('2026-12-31')).toBe('2027-01-04'); // New Year on a Friday
    expect(nextBusinessDay('2027-03-25')).toBe('2027-03-29'); // Good Friday 2027
    expect(isBusinessDay('2026-09-07')).toBe(false);
    expect(isBusinessDay('2026-09-08')).toBe(true);
  });

  it('refuses malformed dates', () => {
    expect(() => nextBusinessDay('2026-13-01')).toThrow(RangeError);
  });
});
