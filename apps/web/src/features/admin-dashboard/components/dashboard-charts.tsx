import { formatCalendarDate } from '@pulsa/shared/format/calendar-date';
import { formatBRL } from '@pulsa/shared/format/money';
import type { AdminDashboard } from '@pulsa/shared/schemas/reports';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_COLORS, ChartFigure, compactBRL, shortMonth } from '@/components/charts/chart-figure';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ADMIN_DASHBOARD_TEXT as T } from '../texts';

const tooltipStyle = { background: 'var(--color-popover)', borderColor: 'var(--color-border)' };

/** A bucket's name: its month ("nov/26") or its first day ("23/11"). */
function bucketLabel(start: string, bucket: AdminDashboard['period']['bucket']) {
  return bucket === 'month' ? shortMonth(start.slice(0, 7)) : formatCalendarDate(start).slice(0, 5);
}

export function percent(rate: number | null): string {
  return rate === null
    ? T.rates.none
    : rate.toLocaleString('pt-BR', { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}

export function MoneyChart({ data }: { data: AdminDashboard }) {
  const rows = data.money.map((m) => ({ ...m, label: bucketLabel(m.start, data.period.bucket) }));
  return (
    <ChartFigure
      title={T.money.title}
      description={T.money.description}
      label={T.money.label}
      tableToggle={T.table}
      table={{
        caption: T.money.title,
        headers: [T.bucketColumn, T.money.gross, T.money.refunds, T.money.commission, T.money.payouts],
        rows: [
          ...rows.map((r) => [
            r.label,
            formatBRL(r.gross),
            formatBRL(r.refunds),
            formatBRL(r.commission),
            formatBRL(r.payouts),
          ]),
          [
            T.money.totals,
            formatBRL(data.moneyTotals.gross),
            formatBRL(data.moneyTotals.refunds),
            formatBRL(data.moneyTotals.commission),
            formatBRL(data.moneyTotals.payouts),
          ],
        ],
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" stroke={CHART_COLORS.muted} tickLine={false} minTickGap={8} />
          <YAxis stroke={CHART_COLORS.muted} tickFormatter={compactBRL} width={72} tickLine={false} />
          <Tooltip formatter={(v) => formatBRL(Number(v))} contentStyle={tooltipStyle} />
          <Legend />
          <Bar dataKey="gross" name={T.money.gross} fill={CHART_COLORS.info} radius={[4, 4, 0, 0]} />
          <Bar
            dataKey="commission"
            name={T.money.commission}
            fill={CHART_COLORS.primary}
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

const OUTCOMES = [
  ['completed', CHART_COLORS.success],
  ['noShow', CHART_COLORS.warning],
  ['canceledByPatient', CHART_COLORS.danger],
  ['canceledByDoctor', 'color-mix(in oklab, var(--color-destructive) 60%, var(--color-card))'],
  ['canceledOther', CHART_COLORS.muted],
  ['upcoming', CHART_COLORS.info],
] as const;

export function OutcomesChart({ data }: { data: AdminDashboard }) {
  const rows = data.outcomes.map((o) => ({ ...o, label: bucketLabel(o.start, data.period.bucket) }));
  return (
    <ChartFigure
      title={T.outcomes.title}
      description={T.outcomes.description}
      label={T.outcomes.label}
      tableToggle={T.table}
      table={{
        caption: T.outcomes.title,
        headers: [T.bucketColumn, ...OUTCOMES.map(([k]) => T.outcomes[k])],
        rows: rows.map((r) => [r.label, ...OUTCOMES.map(([k]) => r[k])]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" stroke={CHART_COLORS.muted} tickLine={false} minTickGap={8} />
          <YAxis stroke={CHART_COLORS.muted} allowDecimals={false} width={40} tickLine={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          {OUTCOMES.map(([k, color]) => (
            <Bar key={k} dataKey={k} name={T.outcomes[k]} stackId="outcome" fill={color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

const ON_DEMAND = [
  ['completed', CHART_COLORS.success],
  ['noShow', CHART_COLORS.warning],
  ['left', CHART_COLORS.danger],
  ['refunded', CHART_COLORS.muted],
] as const;

/** Pronto atendimento apart from bookings: who entered the line and how each wait ended. */
export function OnDemandChart({ data }: { data: AdminDashboard }) {
  const rows = data.onDemand.map((o) => ({ ...o, label: bucketLabel(o.start, data.period.bucket) }));
  return (
    <ChartFigure
      title={T.onDemand.title}
      description={T.onDemand.description}
      label={T.onDemand.label}
      tableToggle={T.table}
      table={{
        caption: T.onDemand.title,
        headers: [
          T.bucketColumn,
          T.onDemand.joined,
          ...ON_DEMAND.map(([k]) => T.onDemand[k]),
          T.onDemand.gross,
        ],
        rows: rows.map((r) => [r.label, r.joined, ...ON_DEMAND.map(([k]) => r[k]), formatBRL(r.gross)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" stroke={CHART_COLORS.muted} tickLine={false} minTickGap={8} />
          <YAxis stroke={CHART_COLORS.muted} allowDecimals={false} width={40} tickLine={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Legend />
          {ON_DEMAND.map(([k, color]) => (
            <Bar key={k} dataKey={k} name={T.onDemand[k]} stackId="on-demand" fill={color} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function RatesChart({ data }: { data: AdminDashboard }) {
  const rows = data.outcomes.map((o) => {
    const canceled = o.canceledByPatient + o.canceledByDoctor + o.canceledOther;
    const requested = canceled + o.completed + o.noShow + o.upcoming;
    const held = o.completed + o.noShow;
    return {
      label: bucketLabel(o.start, data.period.bucket),
      cancellation: requested ? canceled / requested : null,
      noShow: held ? o.noShow / held : null,
    };
  });
  // An axis to the highest rate (at least 10 %), so an empty period does not stretch to 400 %.
  const top = Math.max(0.1, ...rows.flatMap((r) => [r.cancellation ?? 0, r.noShow ?? 0]));
  return (
    <ChartFigure
      title={T.rates.title}
      description={
        <>
          {T.rates.description}{' '}
          <strong>
            {T.rates.summary(percent(data.rates.cancellationRate), percent(data.rates.noShowRate))}
          </strong>
        </>
      }
      label={T.rates.label}
      tableToggle={T.table}
      table={{
        caption: T.rates.title,
        headers: [T.bucketColumn, T.rates.cancellation, T.rates.noShow],
        rows: rows.map((r) => [r.label, percent(r.cancellation), percent(r.noShow)]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={CHART_COLORS.grid} vertical={false} />
          <XAxis dataKey="label" stroke={CHART_COLORS.muted} tickLine={false} minTickGap={8} />
          <YAxis
            stroke={CHART_COLORS.muted}
            tickFormatter={(v) => percent(Number(v))}
            width={56}
            domain={[0, Math.min(1, Math.ceil(top * 10) / 10)]}
            tickLine={false}
          />
          <Tooltip formatter={(v) => percent(v === null ? null : Number(v))} contentStyle={tooltipStyle} />
          <Legend />
          <Line
            dataKey="cancellation"
            name={T.rates.cancellation}
            stroke={CHART_COLORS.danger}
            connectNulls
            dot={false}
          />
          <Line
            dataKey="noShow"
            name={T.rates.noShow}
            stroke={CHART_COLORS.warning}
            connectNulls
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

export function TopSpecialtiesChart({ data }: { data: AdminDashboard }) {
  if (data.topSpecialties.length === 0)
    return (
      <Card>
        <CardHeader>
          <CardTitle>{T.top.title}</CardTitle>
          <CardDescription>{T.top.empty}</CardDescription>
        </CardHeader>
      </Card>
    );
  return (
    <ChartFigure
      title={T.top.title}
      description={T.top.description}
      label={T.top.label}
      tableToggle={T.table}
      table={{
        caption: T.top.title,
        headers: [T.top.specialty, T.top.count],
        rows: data.topSpecialties.map((s) => [s.name, s.count]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={data.topSpecialties}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
        >
          <CartesianGrid stroke={CHART_COLORS.grid} horizontal={false} />
          <XAxis type="number" stroke={CHART_COLORS.muted} allowDecimals={false} tickLine={false} />
          <YAxis type="category" dataKey="name" stroke={CHART_COLORS.muted} width={120} tickLine={false} />
          <Tooltip contentStyle={tooltipStyle} />
          <Bar dataKey="count" name={T.top.count} fill={CHART_COLORS.primary} radius={[0, 4, 4, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
