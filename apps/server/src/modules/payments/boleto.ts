import { createHash } from 'node:crypto';

/**
 * FEBRABAN bank boleto (cobrança): the 44-digit barcode and the 47-digit "linha digitável".
 *
 * Barcode: bank (3) · currency (1) · general check digit (1) · due factor (4) · amount (10) ·
 * free field (25, the bank's own use). The line regroups the same digits into three fields with a
 * mod-10 check digit each, then the general check digit, then factor and amount.
 */

/** No bank has code 000: a boleto of the test environment can never be paid at a real bank. */
export const SANDBOX_BANK_CODE = '000';
const CURRENCY_BRL = '9';
const MAX_AMOUNT = 9_999_999_999;
const DAY_MS = 86_400_000;
const FACTOR_BASE = Date.UTC(1997, 9, 7);

function dateToUtc(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (Number.isNaN(time) || utcToDate(time) !== date) throw new RangeError(`invalid date "${date}"`);
  return time;
}

const utcToDate = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Mod 10 check digit: weights 2, 1, 2, … from the right, digits of each product added. */
export function mod10(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    const product = Number(digits[i]) * weight;
    sum += product > 9 ? product - 9 : product;
    weight = weight === 2 ? 1 : 2;
  }
  return (10 - (sum % 10)) % 10;
}

/** Mod 11 general check digit: weights 2 to 9 from the right; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const digit = 11 - (sum % 11);
  return digit > 9 ? 1 : digit;
}

/**
 * Days since 1997-10-07. Four digits only: after 9999 (2025-02-21) the factor restarts at 1000
 * (2025-02-22), and so every 9000 days.
 */
export function dueFactor(dueDate: string): number {
  const days = (dateToUtc(dueDate) - FACTOR_BASE) / DAY_MS;
  if (days < 1000) throw new RangeError('due date before 2000-07-03 has no factor');
  return ((days - 1000) % 9000) + 1000;
}

/** 25 digits derived from our payment reference: the same reference always gives the same boleto. */
export function freeFieldFor(reference: string): string {
  if (!reference) throw new RangeError('boleto needs a reference');
  const hash = createHash('sha256').update(reference).digest('hex');
  return (BigInt(`0x${hash}`) % 10n ** 25n).toString().padStart(25, '0');
}

function generalCheckDigit(barcode: string): number {
  return mod11(barcode.slice(0, 4) + barcode.slice(5));
}

/** "AAAAA.AAAAA BBBBB.BBBBBB CCCCC.CCCCCC D EEEEEEEEEEEEEE" from the 44-digit barcode. */
export function digitableLineFromBarcode(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('barcode must have 44 digits');
  const field1 = barcode.slice(0, 4) + barcode.slice(19, 24);
  const field2 = barcode.slice(24, 34);
  const field3 = barcode.slice(34, 44);
  const withDigit = (field: string) => field + mod10(field);
  const [a, b, c] = [withDigit(field1), withDigit(field2), withDigit(field3)];
  return `${a.slice(0, 5)}.${a.slice(5)} ${b.slice(0, 5)}.${b.slice(5)} ${c.slice(0, 5)}.${c.slice(5)} ${barcode[4]} ${barcode.slice(5, 19)}`;
}

export function buildBoleto(input: { amount: number; dueDate: string; reference: string }): {
  barcode: string;
  digitableLine: string;
} {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0 || input.amount > MAX_AMOUNT) {
    throw new RangeError(`boleto amount must be 1 to ${MAX_AMOUNT} centavos, got ${input.amount}`);
  }
  const factor = String(dueFactor(input.dueDate));
  const amount = String(input.amount).padStart(10, '0');
  const rest = factor + amount + freeFieldFor(input.reference);
  const head = SANDBOX_BANK_CODE + CURRENCY_BRL;
  const barcode = head + mod11(head + rest) + rest;
  return { barcode, digitableLine: digitableLineFromBarcode(barcode) };
}

export interface ParsedDigitableLine {
  barcode: string;
  bankCode: string;
  currency: string;
  dueFactor: number;
  /** Centavos. */
  amount: number;
  freeField: string;
}

/** Reads a line (with or without its dots and spaces), checking all four check digits. */
export function parseDigitableLine(line: string): ParsedDigitableLine {
  const digits = line.replace(/[.\s]/g, '');
  if (!/^\d{47}$/.test(digits)) throw new RangeError('digitable line must have 47 digits');
  const fields = [digits.slice(0, 10), digits.slice(10, 21), digits.slice(21, 32)];
  fields.forEach((field, index) => {
    if (mod10(field.slice(0, -1)) !== Number(field.slice(-1))) {
      throw new RangeError(`check digit of field ${index + 1} does not match`);
    }
  });
  const [field1, field2, field3] = fields.map((field) => field.slice(0, -1)) as [string, string, string];
  const barcode = field1.slice(0, 4) + digits.slice(32) + field1.slice(4) + field2 + field3;
  if (generalCheckDigit(barcode) !== Number(barcode[4])) {
    throw new RangeError('general check digit does not match');
  }
  return {
    barcode,
    bankCode: barcode.slice(0, 3),
    currency: barcode.slice(3, 4),
    dueFactor: Number(barcode.slice(5, 9)),
    amount: Number(barcode.slice(9, 19)),
    freeField: barcode.slice(19),
  };
}

/** Anonymous Gregorian algorithm (Meeus/Jones/Butcher); "yyyy-MM-dd". */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcToDate(Date.UTC(year, month - 1, day));
}

// 11-20 (Consciência Negra) is national since 2024; due dates are never earlier than that.
const FIXED_HOLIDAYS = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '11-20', '12-25'];
// Days from Easter Sunday: Carnival Monday and Tuesday, Good Friday, Corpus Christi. Carnival and
// Corpus Christi are optional days off by law, but banks close on them, so a boleto cannot fall due.
const EASTER_OFFSETS = [-48, -47, -2, 60];

const holidaysByYear = new Map<number, ReadonlySet<string>>();

/** Brazilian national bank holidays of a year, as "yyyy-MM-dd". */
export function nationalHolidays(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year);
  if (!holidays) {
    const easter = dateToUtc(easterSunday(year));
    holidays = new Set([
      ...FIXED_HOLIDAYS.map((monthDay) => `${String(year).padStart(4, '0')}-${monthDay}`),
      ...EASTER_OFFSETS.map((offset) => utcToDate(easter + offset * DAY_MS)),
    ]);
    holidaysByYear.set(year, holidays);
  }
  return holidays;
}

export function isBusinessDay(date: string): boolean {
  const time = dateToUtc(date);
  const weekday = new Date(time).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !nationalHolidays(new Date(time).getUTCFullYear()).has(date);
}

/** The first business day after the given one. */
export function nextBusinessDay(date: string): string {
  let time = dateToUtc(date);
  let next: string;
  do {
    time += DAY_MS;
    next = utcToDate(time);
  } while (!isBusinessDay(next));
  return next;
}
