const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'America/Sao_Paulo',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Sao_Paulo',
});

/** dd/MM/yyyy in Brasília time, or "N/A" when there is no date. */
export function formatDate(value: string | Date | null | undefined, fallback = 'N/A'): string {
  if (!value) return fallback;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return fallback;
  return dateFormat.format(date);
}

/** HH:MM in Brasília time. */
export function formatTime(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return timeFormat.format(date);
}

/** "09:00:00" or "09:00" → "09:00". */
export function formatClock(value: string): string {
  return value.slice(0, 5);
}

/** "12/12/2026 às 14:00 (horário de Brasília)": a moment on a given clock, the zone named. */
export function formatWhen(startsAt: Date, timeZone: string): string {
  const date = new Intl.DateTimeFormat('pt-BR', {
    timeZone,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
  const time = new Intl.DateTimeFormat('pt-BR', { timeZone, hour: '2-digit', minute: '2-digit' });
  const zone = timeZone === 'America/Sao_Paulo' ? 'horário de Brasília' : timeZone;
  return `${date.format(startsAt)} às ${time.format(startsAt)} (${zone})`;
}

const MONTH_NAMES = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
] as const;

/** "2026-10" → "outubro de 2026". */
export function formatMonth(month: string): string {
  return `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} de ${month.slice(0, 4)}`;
}

/** The month of `today` and the 11 before it, newest first, as "yyyy-MM" with their names. */
export function recentMonths(today = new Date()): { value: string; label: string }[] {
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth() - i, 1);
    const value = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
    return { value, label: formatMonth(value) };
  });
}
