import { DASHBOARD_RECENT_ITEMS } from '@pulsa/shared/constants/business';
import type { AdminDashboard, DashboardQuery } from '@pulsa/shared/schemas/reports';
import type { Queryable } from '../../db/client.ts';
import { accountTotalUntil, bucketedAccountSums, commissionPerDoctor } from '../ledger/ledger.service.ts';
import { csvAmount, toCsv } from './csv.ts';
import { addMonths, defaultPeriod, localDay, periodBuckets, REPORT_TIME_ZONE } from './periods.ts';
import {
  dayStart,
  doctorsForExport,
  headCounts,
  latestPeople,
  onDemandSums,
  outcomeSums,
  topSpecialties,
} from './reports.repository.ts';

/**
 * The admin dashboard (decision 084): head counts, the newest people, and the period's money and
 * consultations, all summed by the database from the daily roll-ups (never from millions of rows).
 */
export async function adminDashboard(
  db: Queryable,
  query: DashboardQuery,
  now = new Date(),
): Promise<AdminDashboard> {
  const today = localDay(now);
  const fallback = defaultPeriod(today);
  const from = query.from ?? (query.to ? `${addMonths(query.to.slice(0, 7), -11)}-01` : fallback.from);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const bucket = query.bucket;
  const range = { fromDay: from, toDay: to, bucket };
  const [counts, revenue, people, money, outcomes, top, onDemand] = await Promise.all([
    headCounts(db),
    accountTotalUntil(db, 'platform_commission', today),
    latestPeople(db, DASHBOARD_RECENT_ITEMS),
    bucketedAccountSums(db, range),
    outcomeSums(db, range),
    topSpecialties(db, range, 5),
    onDemandSums(db, range),
  ]);

  const buckets = periodBuckets(from, to, bucket);
  const moneyBy = new Map(buckets.map((b) => [b.key, { gross: 0, refunds: 0, commission: 0, payouts: 0 }]));
  for (const row of money) {
    const m = moneyBy.get(row.bucket);
    if (!m) continue;
    if (row.account === 'patient_payments') m.gross += row.total;
    else if (row.account === 'refunds' || row.account === 'refunds_payable') m.refunds -= row.total;
    else if (row.account === 'platform_commission') m.commission -= row.total;
    else if (row.account === 'payouts') m.payouts -= row.total;
  }
  const emptyOutcome = () => ({
    completed: 0,
    noShow: 0,
    canceledByPatient: 0,
    canceledByDoctor: 0,
    canceledOther: 0,
    upcoming: 0,
  });
  const outcomeBy = new Map(buckets.map((b) => [b.key, emptyOutcome()]));
  for (const row of outcomes) {
    const o = outcomeBy.get(row.bucket);
    if (!o) continue;
    if (row.status === 'completed') o.completed += row.count;
    else if (row.status === 'no_show') o.noShow += row.count;
    else if (row.status === 'canceled') {
      if (row.canceledBy === 'patient') o.canceledByPatient += row.count;
      else if (row.canceledBy === 'doctor') o.canceledByDoctor += row.count;
      else o.canceledOther += row.count;
    } else o.upcoming += row.count;
  }

  const moneyPoints = buckets.map((b) => ({
    start: b.start,
    ...(moneyBy.get(b.key) as ReturnType<typeof moneyBy.get> & object),
  }));
  const outcomePoints = buckets.map((b) => ({ start: b.start, ...(outcomeBy.get(b.key) ?? emptyOutcome()) }));
  const sum = (k: 'gross' | 'refunds' | 'commission' | 'payouts') =>
    moneyPoints.reduce((s, p) => s + p[k], 0);
  const o = outcomePoints.reduce((acc, p) => {
    for (const k of Object.keys(acc) as (keyof typeof acc)[]) acc[k] += p[k];
    return acc;
  }, emptyOutcome());
  const canceled = o.canceledByPatient + o.canceledByDoctor + o.canceledOther;
  const requested = canceled + o.completed + o.noShow + o.upcoming;
  const held = o.completed + o.noShow;

  return {
    cards: {
      doctorsCount: counts.doctors,
      patientsCount: counts.patients,
      appointmentsCount: counts.completed,
      totalRevenue: -revenue,
    },
    latestDoctors: people.doctors,
    latestPatients: people.patients,
    period: { from, to, bucket },
    money: moneyPoints,
    moneyTotals: {
      gross: sum('gross'),
      refunds: sum('refunds'),
      commission: sum('commission'),
      payouts: sum('payouts'),
    },
    outcomes: outcomePoints,
    onDemand: buckets.map((b) => ({
      start: b.start,
      ...(onDemand.get(b.key) ?? { joined: 0, completed: 0, noShow: 0, left: 0, refunded: 0, gross: 0 }),
    })),
    rates: {
      requested,
      canceled,
      cancellationRate: requested > 0 ? canceled / requested : null,
      noShow: o.noShow,
      noShowRate: held > 0 ? o.noShow / held : null,
    },
    topSpecialties: top.map((t) => ({
      specialtyId: t.specialtyId,
      name: t.name ?? 'Sem especialidade',
      count: t.count,
    })),
  };
}

/**
 * The month's commission per doctor, for Pulsa's own invoices: payments captured that month (Brazil's
 * time), their gross and the commission kept net of their refunds and lost disputes.
 */
export async function commissionExport(db: Queryable, month: string): Promise<string> {
  const [from, to] = await Promise.all([
    dayStart(db, `${month}-01`, REPORT_TIME_ZONE),
    dayStart(db, `${addMonths(month, 1)}-01`, REPORT_TIME_ZONE),
  ]);
  const rows = await commissionPerDoctor(db, { from, to });
  const doctors = new Map(
    (
      await doctorsForExport(
        db,
        rows.map((r) => r.doctorId),
      )
    ).map((d) => [d.id, d]),
  );
  const lines = rows
    .map((r) => ({ ...r, doctor: doctors.get(r.doctorId) }))
    .sort((a, b) => (a.doctor?.fullName ?? '').localeCompare(b.doctor?.fullName ?? '', 'pt-BR'));
  return toCsv([
    ['Médico', 'CRM', 'CPF/CNPJ', 'Pagamentos', 'Valor bruto (R$)', 'Comissão líquida de reembolsos (R$)'],
    ...lines.map((l) => [
      l.doctor?.fullName ?? '',
      l.doctor?.crm ?? '',
      l.doctor?.cpf ?? '',
      l.payments,
      csvAmount(l.gross),
      csvAmount(l.commission),
    ]),
  ]);
}
