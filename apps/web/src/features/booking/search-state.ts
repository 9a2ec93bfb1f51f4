import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '@pulsa/shared/constants/business';
import { parseReais } from '@pulsa/shared/format/money';
import { BOOKING_SEARCH_SORTS, type bookingSearchQuerySchema } from '@pulsa/shared/schemas/appointments';
import type { z } from 'zod';
import { isCalendarDate } from '@/lib/zoned-time';

/**
 * Everything "Agendar consulta" shows lives in the address, so a reload, the back button and a
 * sign-in redirect come back to the same list, doctor and slot:
 * `?specialty=cardiologia&q=ana&min=100&max=250,50&from=2026-12-01&sort=price&page=2`
 * `&doctor=<doctor id>&week=<Sunday>&slot=<ISO instant>`. Prices are written in reais, as typed.
 */

export type BookingSort = (typeof BOOKING_SEARCH_SORTS)[number];

export interface BookingFilters {
  specialty: string;
  q: string;
  /** Reais as typed ("150" or "150,50"); '' when not filtered. */
  min: string;
  max: string;
  /** "yyyy-MM-dd"; '' when not filtered. */
  from: string;
  sort: BookingSort;
  page: number;
  pageSize: number;
}

export interface BookingSelection {
  doctorId: string | null;
  /** The Sunday of the week shown, when the patient moved away from the first one. */
  week: string | null;
  /** The chosen slot's start (ISO). */
  slot: string | null;
}

export const FILTER_KEYS = ['specialty', 'q', 'min', 'max', 'from', 'sort', 'page', 'pageSize'] as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filters, dropping values a hand-edited address got wrong. */
export function parseFilters(params: URLSearchParams): BookingFilters {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const pageSize = Number(params.get('pageSize'));
  const from = params.get('from');
  return {
    specialty: (params.get('specialty') ?? '').slice(0, 120),
    q: (params.get('q') ?? '').slice(0, 100),
    min: (params.get('min') ?? '').slice(0, 20),
    max: (params.get('max') ?? '').slice(0, 20),
    from: isCalendarDate(from) ? from : '',
    sort: BOOKING_SEARCH_SORTS.find((s) => s === sort) ?? 'next',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZE_OPTIONS as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

/** Reads the chosen doctor, week and slot; an invalid value counts as not chosen. */
export function parseSelection(params: URLSearchParams): BookingSelection {
  const doctorId = params.get('doctor');
  const week = params.get('week');
  const slot = params.get('slot');
  return {
    doctorId: doctorId && UUID.test(doctorId) ? doctorId : null,
    week: isCalendarDate(week) ? week : null,
    slot: slot && !Number.isNaN(Date.parse(slot)) ? new Date(slot).toISOString() : null,
  };
}

/** A price filter in centavos; undefined when empty or not a valid amount. */
export function priceInCentavos(reais: string): number | undefined {
  if (!reais.trim()) return undefined;
  return parseReais(reais) ?? undefined;
}

/** The request the filters make to GET /api/booking/doctors (empty and default values left out). */
export function toSearchQuery(filters: BookingFilters): z.output<typeof bookingSearchQuerySchema> {
  const q = filters.q.trim();
  return {
    ...(filters.specialty ? { specialty: filters.specialty } : {}),
    ...(q ? { q } : {}),
    ...(priceInCentavos(filters.min) !== undefined ? { minPrice: priceInCentavos(filters.min) } : {}),
    ...(priceInCentavos(filters.max) !== undefined ? { maxPrice: priceInCentavos(filters.max) } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    sort: filters.sort,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** True when a filter narrows the list (the sort and page do not). */
export function isFiltered(filters: BookingFilters): boolean {
  return !!(filters.specialty || filters.q.trim() || filters.min || filters.max || filters.from);
}

/** Writes one change into the address; a changed filter goes back to the first page. */
export function writeFilter(params: URLSearchParams, key: (typeof FILTER_KEYS)[number], value: string): void {
  const isDefault =
    value === '' ||
    (key === 'sort' && value === 'next') ||
    (key === 'page' && value === '1') ||
    (key === 'pageSize' && value === String(DEFAULT_PAGE_SIZE));
  if (isDefault) params.delete(key);
  else params.set(key, value);
  if (key !== 'page') params.delete('page');
}

/** Clears every filter, keeping the sort and whatever else the address holds. */
export function clearFilters(params: URLSearchParams): void {
  for (const key of ['specialty', 'q', 'min', 'max', 'from', 'page'] as const) params.delete(key);
}
