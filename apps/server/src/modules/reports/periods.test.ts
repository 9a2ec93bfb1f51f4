import { describe, expect, it } from 'vitest';
import { csvAmount, csvCell, toCsv } from './csv.ts';
import { addMonths, bucketStart, defaultPeriod, localDay, periodBuckets } from './periods.ts';

describe('period buckets', () => {
  it('weeks start on Monday (ISO, as date_trunc), months on the 1st', () => {
    expect(bucketStart('2026-11-25', 'week')).toBe('2026-11-23');
    expect(bucketStart('2026-11-23', 'week')).toBe('2026-11-23');
    expect(bucketStart('2026-11-29', 'week')).toBe('2026-11-23');
    expect(bucketStart('2026-03-01', 'week')).toBe('2026-02-23');
    expect(bucketStart('2026-11-25', 'month')).toBe('2026-11-01');
  });

  it('covers the period without gaps; the first bucket shows from the period’s first day', () => {
    expect(periodBuckets('2026-11-05', '2026-11-25', 'week')).toEqual([
      { key: '2026-11-02', start: '2026-11-05' },
      { key: '2026-11-09', start: '2026-11-09' },
      { key: '2026-11-16', start: '2026-11-16' },
      { key: '2026-11-23', start: '2026-11-23' },
    ]);
    expect(periodBuckets('2025-12-15', '2026-02-01', 'month').map((b) => b.start)).toEqual([
      '2025-12-15',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(periodBuckets('2026-11-25', '2026-11-25', 'week')).toHaveLength(1);
    expect(periodBuckets('2026-11-26', '2026-11-25', 'month')).toEqual([]);
    // Five years by week stays a chart, not a flood.
    expect(periodBuckets('2021-11-26', '2026-11-25', 'week').length).toBeLessThanOrEqual(262);
  });

  it('months move across years; the default period is 12 months to today', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2026-11', 2)).toBe('2027-01');
    expect(addMonths('2026-11', -11)).toBe('2025-12');
    expect(defaultPeriod('2026-11-25')).toEqual({ from: '2025-12-01', to: '2026-11-25' });
  });

  it('reads days in Brazil’s time', () => {
    expect(localDay(new Date('2026-11-26T02:59:00Z'))).toBe('2026-11-25');
    expect(localDay(new Date('2026-11-26T03:00:00Z'))).toBe('2026-11-26');
  });
});

describe('CSV', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    for (const bad of ['=1+1', '+55', '-2', '@SUM(A1)', '\tx', '\rx'])
      expect(csvCell(bad).replace(/^"/, '').startsWith("'")).toBe(true);
    expect(csvCell('Ana')).toBe('Ana');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('diz "oi"')).toBe('"diz ""oi"""');
  });

  it('starts with the UTF-8 BOM, ends lines with CRLF, writes amounts with a decimal comma', () => {
    expect(toCsv([['Médico', 1]])).toBe('\uFEFFMédico;1\r\n');
    expect(csvAmount(123_45)).toBe('123,45');
    expect(csvAmount(5)).toBe('0,05');
    expect(csvAmount(-1_00)).toBe('-1,00');
  });
});
