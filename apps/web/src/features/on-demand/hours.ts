import type { OpeningWindow } from '@pulsa/shared/on-demand/service-rules';
import { ON_DEMAND_TEXT as T } from './texts';

/** Monday first, as a week reads in Brazil. */
export const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

const minutesOf = (hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/** One day's windows in words: "08:00 às 12:00, 14:00 às 18:00", "24 horas", or null when closed. */
function dayText(hours: readonly OpeningWindow[], weekday: number): string | null {
  const windows = hours
    .filter((w) => w.weekday === weekday)
    .sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
  if (windows.length === 0) return null;
  if (windows.some((w) => w.from === '00:00' && w.to === '24:00')) return T.allDay;
  return windows.map((w) => T.window(w.from, w.to)).join(', ');
}

/**
 * A service's weekly hours in a few lines, consecutive days with the same hours together:
 * "Segunda a Sexta: 08:00 às 20:00", "Sábado: 09:00 às 13:00"; "Todos os dias: 24 horas".
 */
export function weeklyHoursLines(hours: readonly OpeningWindow[]): string[] {
  const days = WEEK_ORDER.map((weekday) => ({ weekday, text: dayText(hours, weekday) }));
  if (days.every((d) => d.text !== null && d.text === days[0]?.text))
    return [`${T.everyDay}: ${days[0]?.text}`];
  const lines: string[] = [];
  let i = 0;
  while (i < days.length) {
    const day = days[i] as (typeof days)[number];
    let j = i;
    while (j + 1 < days.length && days[j + 1]?.text === day.text) j += 1;
    if (day.text !== null) {
      const first = T.weekdays[day.weekday];
      const last = T.weekdays[(days[j] as (typeof days)[number]).weekday];
      lines.push(`${j === i ? first : T.dayRange(first, last)}: ${day.text}`);
    }
    i = j + 1;
  }
  return lines;
}
