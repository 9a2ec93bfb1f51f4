import './zod-setup.ts';
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants/business.ts';

/** Error body of every 4xx/5xx: a message, plus one message per field for forms. */
export const apiErrorSchema = z.object({
  message: z.string(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
  code: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const messageSchema = z.object({ message: z.string() });

/** Messages of the inputs every area shares. */
export const INPUT_MESSAGES = {
  invalidDate: 'Data inválida',
  invalidPage: 'Página inválida',
  invalidPageSize: 'Tamanho de página inválido',
  invalidPrice: 'Preço inválido',
} as const;

/**
 * The dates the product takes, as written (yyyy-MM-dd, or the date part of an instant): a birth,
 * a consultation or a report period all fall well inside, and every helper and column holds them.
 */
export const DATE_RANGE = { min: '1900-01-01', max: '2100-12-31' } as const;

/** The last page a list can be asked for (100,000 pages of 50 is five million rows). */
export const MAX_PAGE = 100_000;

// Years 1900–2100, each month's days, and 29 February in the leap years of that range only (1900
// and 2100 are not). A pattern, unlike a refinement, reaches the API document.
const YEAR = '(?:19\\d\\d|20\\d\\d|2100)';
const LEAP_YEAR = '(?:19(?:0[48]|[2468][048]|[13579][26])|20(?:0[048]|[2468][048]|[13579][26]))';
const MONTH_DAY =
  '(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|02-(?:0[1-9]|1\\d|2[0-8]))';
const DATE = `(?:${LEAP_YEAR}-02-29|${YEAR}-${MONTH_DAY})`;
/** A calendar date "yyyy-MM-dd" from DATE_RANGE.min to DATE_RANGE.max that exists. */
export const CALENDAR_DATE_PATTERN = new RegExp(`^${DATE}$`);
/** An instant with its offset ("2026-11-24T13:00:00.000Z", "…T10:00:00-03:00") written in DATE_RANGE. */
export const INSTANT_PATTERN = new RegExp(
  `^${DATE}T(?:[01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(?:\\.\\d+)?(?:Z|[+-](?:[01]\\d|2[0-3]):[0-5]\\d)$`,
);

/**
 * A calendar date in DATE_RANGE. `requiredMessage` answers a missing or empty value, `message`
 * any other; the document shows the format and the pattern.
 */
export function calendarDateSchema(message: string = INPUT_MESSAGES.invalidDate, requiredMessage = message) {
  return z
    .string({ error: requiredMessage })
    .regex(CALENDAR_DATE_PATTERN, { error: (issue) => (issue.input === '' ? requiredMessage : message) })
    .meta({ format: 'date', description: `yyyy-MM-dd, ${DATE_RANGE.min} to ${DATE_RANGE.max}` });
}

/** An instant with its offset, written in DATE_RANGE (ISO 8601, seconds required). */
export function instantSchema(message: string = INPUT_MESSAGES.invalidDate) {
  return z
    .string({ error: message })
    .regex(INSTANT_PATTERN, { error: message })
    .meta({
      format: 'date-time',
      description: `ISO 8601 with seconds and offset, dated ${DATE_RANGE.min} to ${DATE_RANGE.max}`,
    });
}

/** A whole number in a query string or a body, within bounds every column and helper holds. */
export function boundedInt(min: number, max: number, message: string) {
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** Server-side pagination, sorting and search shared by every growing list. */
export const pageQuerySchema = z.object({
  page: boundedInt(1, MAX_PAGE, INPUT_MESSAGES.invalidPage).default(1),
  pageSize: boundedInt(
    Math.min(...PAGE_SIZE_OPTIONS),
    Math.max(...PAGE_SIZE_OPTIONS),
    INPUT_MESSAGES.invalidPageSize,
  )
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), {
      error: INPUT_MESSAGES.invalidPageSize,
    })
    .default(DEFAULT_PAGE_SIZE)
    // A refinement does not reach the API document; the accepted sizes do through this.
    .meta({ enum: [...PAGE_SIZE_OPTIONS] }),
  q: z.string().trim().max(100).optional(),
  sort: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

export function pageResultSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    pageCount: z.number().int(),
  });
}
export interface PageResult<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
}
