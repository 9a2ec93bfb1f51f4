import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** "1234,56" (or "-1234,56") as centavos. */
export function parseCsvMoney(text: string): number {
  const match = /^(-?)(\d+),(\d{2})$/.exec(text);
  if (!match) throw new Error(`not a CSV amount: ${JSON.stringify(text)}`);
  return (match[1] ? -1 : 1) * (Number(match[2]) * 100 + Number(match[3]));
}

/** One CSV line's cells, unquoted (every cell is quoted, `;`-separated; quotes doubled inside). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  const re = /"((?:[^"]|"")*)"(?:;|$)/g;
  for (const m of line.matchAll(re)) cells.push((m[1] ?? '').replace(/""/g, '"'));
  return cells;
}

/** The team's payments CSV, read back as rows keyed by header. */
export async function readPaymentsCsv(app: FastifyInstance, cookie: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/admin/payments/export.csv?${query}`,
    headers: { cookie },
  });
  expect(res.statusCode).toBe(200);
  const [head = '', ...lines] = res.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const headers = cellsOf(head);
  const rows = lines.map((l) => Object.fromEntries(cellsOf(l).map((c, i) => [headers[i] ?? String(i), c])));
  return { headers, rows };
}
