import { describe, expect, it } from 'vitest';
import {
  clearFilters,
  isFiltered,
  parseFilters,
  parseSelection,
  toSearchQuery,
  writeFilter,
} from './search-state';

const params = (query: string) => new URLSearchParams(query);
const DOCTOR = '4f73782e-9a7f-4f32-a6ce-528744444358';

describe('booking filters in the address', () => {
  it('reads every filter and turns reais into centavos for the API', () => {
    const filters = parseFilters(
      params('specialty=cardiologia&q=%20ana%20&min=150&max=250,50&from=2026-12-01&sort=price&page=2'),
    );
    expect(toSearchQuery(filters)).toEqual({
      specialty: 'cardiologia',
      q: 'ana',
      minPrice: 15000,
      maxPrice: 25050,
      from: '2026-12-01',
      sort: 'price',
      page: 2,
      pageSize: 10,
    });
    expect(isFiltered(filters)).toBe(true);
  });

  it('drops what a hand-edited address got wrong', () => {
    const filters = parseFilters(params('min=abc&from=2026-02-30&sort=stars&page=-1&pageSize=7'));
    expect(toSearchQuery(filters)).toEqual({ sort: 'next', page: 1, pageSize: 10 });
    expect(isFiltered(parseFilters(params('sort=name&page=3')))).toBe(false);
  });

  it('goes back to the first page when a filter changes, and leaves defaults out', () => {
    const p = params('q=ana&page=3&sort=price');
    writeFilter(p, 'specialty', 'pediatria');
    expect(p.get('page')).toBeNull();
    writeFilter(p, 'sort', 'next');
    expect(p.has('sort')).toBe(false);
    writeFilter(p, 'page', '2');
    expect(p.get('page')).toBe('2');
    writeFilter(p, 'q', '');
    expect(p.has('q')).toBe(false);
  });

  it('clears the filters but keeps the sort and the chosen doctor', () => {
    const p = params(`specialty=pediatria&min=100&from=2026-12-01&sort=name&doctor=${DOCTOR}`);
    clearFilters(p);
    expect(p.toString()).toBe(`sort=name&doctor=${DOCTOR}`);
  });
});

describe('the chosen doctor, week and slot', () => {
  it('reads them, with the slot as a UTC instant', () => {
    expect(parseSelection(params(`doctor=${DOCTOR}&week=2026-11-22&slot=2026-11-24T10:00:00-03:00`))).toEqual(
      { doctorId: DOCTOR, week: '2026-11-22', slot: '2026-11-24T13:00:00.000Z' },
    );
  });

  it('ignores values that are not an id, a date or an instant', () => {
    expect(parseSelection(params('doctor=123&week=amanha&slot=depois'))).toEqual({
      doctorId: null,
      week: null,
      slot: null,
    });
  });
});
