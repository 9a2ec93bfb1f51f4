import { formatBRL } from '@pulsa/shared/format/money';
import type { Earnings } from '@pulsa/shared/schemas/earnings';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_COLORS, ChartFigure, compactBRL, shortMonth } from '@/components/charts/chart-figure';
import { EARNINGS_TEXT as T } from '../texts';

/** The last 12 months of the doctor's net share, as bars and as a table. */
export function EarningsChart({ monthly }: { monthly: Earnings['monthly'] }) {
  const data = monthly.map((m) => ({ ...m, label: shortMonth(m.month) }));
  return (
    <ChartFigure
      title={T.chartTitle}
      description={T.chartDescription}
      label={T.chartLabel}
      tableToggle={T.chartTable}
      table={{
        caption: T.chartTitle,
        headers: [T.month, T.net, T.gross],
        rows: monthly.map((m) => [shortMonth(m.month), formatBRL(m.net), formatBRL(m.gross)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" stroke={CHART_COLORS.muted} tickLine={false} />
          <YAxis stroke={CHART_COLORS.muted} tickFormatter={compactBRL} width={72} tickLine={false} />
          <Tooltip
            formatter={(value) => formatBRL(Number(value))}
            contentStyle={{ background: 'var(--color-popover)', borderColor: 'var(--color-border)' }}
          />
          <Bar dataKey="net" name={T.net} fill={CHART_COLORS.primary} radius={[4, 4, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
