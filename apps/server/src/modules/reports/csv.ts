/**
 * CSV for spreadsheets used in Brazil: `;` between cells, decimal comma, UTF-8 with a BOM (so
 * accents open right), CRLF lines. A cell a spreadsheet would read as a formula (starting with
 * = + - @, a tab or a carriage return) gets a leading apostrophe, so a name can never run code.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number): string {
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(rows: (string | number)[][]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(';')).join('\r\n')}\r\n`;
}

/** Centavos as "1234,56" (no thousands separator: spreadsheets read it as a number). */
export function csvAmount(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}
