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
