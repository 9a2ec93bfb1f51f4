/** Calendar dates "yyyy-MM-dd" as a doctor's agenda writes them (no time zone involved). */

export const WEEKDAY_NAMES = [
  'Domingo',
  'Segunda-feira',
  'Terça-feira',
  'Quarta-feira',
  'Quinta-feira',
  'Sexta-feira',
  'Sábado',
] as const;

/** "2026-11-24" → "24/11/2026". */
export function formatCalendarDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y}`;
}

/** "2026-11-24" → 2 (Tuesday; 0 = Sunday). */
export function calendarWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}
