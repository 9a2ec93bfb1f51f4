import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ScrollRegion } from '@/components/ui/scroll-region';

export interface ChartTable {
  caption: string;
  headers: string[];
  rows: (string | number)[][];
}

/**
 * A chart with its text alternative: the drawing is hidden from screen readers (it only repeats the
 * table), and the same numbers are a real table under "Ver como tabela".
 */
export function ChartFigure({
  title,
  description,
  label,
  table,
  tableToggle,
  children,
  height = 260,
}: {
  title: string;
  description?: ReactNode;
  /** What the drawing shows, for the figure's name. */
  label: string;
  table: ChartTable;
  tableToggle: string;
  children: ReactNode;
  height?: number;
}) {
  return (
    // min-w-0: inside a grid, a wide table must scroll in its own box, not widen the whole column.
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="space-y-3">
        <figure aria-label={label} className="m-0">
          <div aria-hidden style={{ height }} className="w-full text-xs">
            {children}
          </div>
        </figure>
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
            {tableToggle}
          </summary>
          <ScrollRegion label={table.caption} className="mt-2">
            <table className="w-full text-left tabular-nums">
              <caption className="sr-only">{table.caption}</caption>
              <thead>
                <tr>
                  {table.headers.map((h) => (
                    <th key={h} scope="col" className="border-b px-2 py-1 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map(([head, ...cells]) => (
                  <tr key={String(head)}>
                    <th scope="row" className="border-b px-2 py-1 font-normal">
                      {head}
                    </th>
                    {cells.map((cell, i) => (
                      <td key={table.headers[i + 1]} className="border-b px-2 py-1">
                        {cell}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </details>
      </CardContent>
    </Card>
  );
}

/** Chart colours from the theme, so light and dark both read. */
export const CHART_COLORS = {
  primary: 'var(--color-primary)',
  info: 'var(--color-info)',
  success: 'var(--color-success)',
  warning: 'var(--color-warning)',
  danger: 'var(--color-destructive)',
  muted: 'var(--color-muted-foreground)',
  grid: 'var(--color-border)',
} as const;

/** "2026-11" → "nov/26". */
export function shortMonth(month: string): string {
  const names = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
  return `${names[Number(month.slice(5, 7)) - 1]}/${month.slice(2, 4)}`;
}

/** Centavos as a short axis label: "R$ 1,2 mil". */
export function compactBRL(centavos: number): string {
  return new Intl.NumberFormat('pt-BR', {
    style: 'currency',
    currency: 'BRL',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(centavos / 100);
}
