import type {
  EarningItem,
  EarningStatus,
  Earnings,
  EarningsQuery,
  TaxReceiptList,
} from '@pulsa/shared/schemas/earnings';
import { EARNINGS_MESSAGES } from '@pulsa/shared/schemas/earnings';
import type { Queryable } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { doctorBalance, doctorReleases, paymentsNet, paymentsSummary } from '../ledger/ledger.service.ts';
import { doctorPayoutTotals } from '../payouts/payouts.service.ts';
import { addMonths, localDay } from '../reports/periods.ts';
import {
  doctorOfUser,
  markIssued,
  monthBounds,
  paidInPeriod,
  paidPaymentOf,
  paidPaymentsPage,
  receiptDetails,
  unacceptedPaidPayments,
  unmarkIssued,
} from './earnings.repository.ts';
import { coverByPayouts } from './fifo.ts';

/**
 * The doctor's money (decision 084), read from the ledger: what is held, available, in transit and
 * paid; each consultation's split and where its share stands; the monthly chart; the receipts of a
 * month. A doctor only ever reads their own: everything starts from the signed-in user's profile.
 */

async function doctorFor(db: Queryable, userId: string) {
  const doctor = await doctorOfUser(db, userId);
  if (!doctor) throw notFound('Perfil do médico não encontrado');
  return doctor;
}

/** Where a payment's share stands, given its ledger summary and the payouts' coverage. */
export function earningStatus(
  s: { gross: number; net: number; heldDue: number; releaseAt: Date | null },
  covered: string | undefined,
  now: Date,
  awaitingAcceptance = false,
): EarningStatus {
  if (s.gross > 0 && s.net <= 0) return 'refunded';
  if (awaitingAcceptance) return 'awaiting_acceptance';
  if (s.heldDue > 0 || !s.releaseAt || s.releaseAt.getTime() > now.getTime()) return 'held';
  return (covered as EarningStatus | undefined) ?? 'available';
}

/**
 * The doctor's share of consultations paid in [from, to) and accepted (a request not yet answered
 * may still be refunded), net of commission and of refunds whenever they came; per local month.
 */
async function netByMonth(db: Queryable, doctor: { id: string; timeZone: string }, from: Date, to: Date) {
  const paid = (await paidInPeriod(db, doctor.id, { from, to })).filter((p) => p.accepted);
  const sums = new Map(
    (
      await paymentsNet(
        db,
        paid.map((p) => p.paymentId),
      )
    ).map((s) => [s.paymentId, s]),
  );
  const months = new Map<string, { net: number; gross: number }>();
  for (const p of paid) {
    const s = sums.get(p.paymentId);
    if (!s) continue;
    const month = localDay(p.paidAt, doctor.timeZone).slice(0, 7);
    const m = months.get(month) ?? { net: 0, gross: 0 };
    m.net += s.net;
    m.gross += s.gross - s.returned;
    months.set(month, m);
  }
  return months;
}

/** The dashboard's "Receita mensal": the doctor's net share of this local month (see netByMonth). */
export async function monthlyRevenue(
  db: Queryable,
  doctor: { id: string; timeZone: string },
  now = new Date(),
) {
  const month = localDay(now, doctor.timeZone).slice(0, 7);
  const { from, to } = await monthBounds(db, month, doctor.timeZone);
  return (await netByMonth(db, doctor, from, to)).get(month)?.net ?? 0;
}

export async function earningsFor(
  db: Queryable,
  userId: string,
  query: EarningsQuery,
  holdDays: number,
  now = new Date(),
): Promise<Earnings> {
  const doctor = await doctorFor(db, userId);
  const thisMonth = localDay(now, doctor.timeZone).slice(0, 7);
  const firstMonth = addMonths(thisMonth, -11);
  const [start, end] = await Promise.all([
    monthBounds(db, firstMonth, doctor.timeZone),
    monthBounds(db, thisMonth, doctor.timeZone),
  ]);
  const page = await paidPaymentsPage(db, doctor.id, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const [summaries, balance, payouts, releases, months, unaccepted] = await Promise.all([
    paymentsSummary(
      db,
      page.rows.map((r) => r.paymentId),
      now,
    ),
    doctorBalance(db, doctor.id, now),
    doctorPayoutTotals(db, doctor.id),
    doctorReleases(db, doctor.id, now),
    netByMonth(db, doctor, start.from, end.to),
    unacceptedPaidPayments(db, doctor.id),
  ]);
  // A paid request the doctor has not accepted is held by the ledger, but it is not theirs until they
  // accept (refused, it is refunded in full): shown apart from "A liberar".
  const waiting = new Set(unaccepted);
  const awaitingAcceptance = (await paymentsNet(db, unaccepted)).reduce((sum, p) => sum + p.net, 0);
  const covered = coverByPayouts(releases, payouts);
  const byPayment = new Map(summaries.map((s) => [s.paymentId, s]));
  const items: EarningItem[] = page.rows.map((r) => {
    const s = byPayment.get(r.paymentId) ?? {
      gross: 0,
      providerFees: 0,
      commissionAccount: 0,
      returned: 0,
      net: 0,
      heldDue: 0,
      releaseAt: null,
    };
    return {
      paymentId: r.paymentId,
      appointmentId: r.appointmentId,
      startsAt: r.startsAt.toISOString(),
      patientName: r.patientName,
      method: r.method,
      gross: s.gross,
      providerFee: s.providerFees,
      // The commission account also bore the provider fee (decision 080): shown apart.
      commission: s.commissionAccount + s.providerFees,
      refunds: s.returned,
      net: s.net,
      status: earningStatus(s, covered.get(r.paymentId), now, waiting.has(r.paymentId)),
      releaseAt: s.releaseAt?.toISOString() ?? null,
    };
  });
  const monthly = Array.from({ length: 12 }, (_, i) => {
    const month = addMonths(firstMonth, i);
    const m = months.get(month);
    return { month, net: m?.net ?? 0, gross: m?.gross ?? 0 };
  });
  return {
    items,
    total: page.total,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.ceil(page.total / query.pageSize),
    balance: {
      held: Math.max(balance.held - awaitingAcceptance, 0),
      awaitingAcceptance,
      available: balance.available,
      inTransit: payouts.inTransit,
      // Every payout posted leaves the balance; those not in transit (failed ones were reversed) arrived.
      paid: Math.max(balance.paidOut - payouts.inTransit, 0),
    },
    monthly,
    holdDays,
  };
}

/** The Receita Saúde receipts of a local month: each accepted payment with money kept by the patient's side. */
export async function taxReceiptsFor(db: Queryable, userId: string, month: string): Promise<TaxReceiptList> {
  const doctor = await doctorFor(db, userId);
  const bounds = await monthBounds(db, month, doctor.timeZone);
  const paid = (await paidInPeriod(db, doctor.id, bounds)).filter((p) => p.accepted);
  const ids = paid.map((p) => p.paymentId);
  const [sums, details] = await Promise.all([paymentsNet(db, ids), receiptDetails(db, doctor.id, ids)]);
  const sumOf = new Map(sums.map((s) => [s.paymentId, s]));
  const detailOf = new Map(details.map((d) => [d.paymentId, d]));
  const items: TaxReceiptList['items'] = [];
  for (const p of paid) {
    const s = sumOf.get(p.paymentId);
    const d = detailOf.get(p.paymentId);
    const amount = s ? s.gross - s.returned : 0;
    if (!d || amount <= 0) continue;
    items.push({
      paymentId: p.paymentId,
      paidAt: p.paidAt.toISOString(),
      patientName: d.patientName,
      patientCpf: d.patientCpf,
      amount,
      issued: d.issuedAt !== null,
      issuedAt: d.issuedAt?.toISOString() ?? null,
    });
  }
  return {
    month,
    items,
    issuedCount: items.filter((i) => i.issued).length,
    total: items.reduce((s, i) => s + i.amount, 0),
  };
}

/** The doctor marks (or unmarks) a payment's receipt as issued; only their own paid payments. */
export async function setReceiptIssued(db: Queryable, userId: string, paymentId: string, issued: boolean) {
  const doctor = await doctorFor(db, userId);
  if (!(await paidPaymentOf(db, doctor.id, paymentId))) throw notFound(EARNINGS_MESSAGES.paymentNotFound);
  if (!issued) {
    await unmarkIssued(db, doctor.id, paymentId);
    return { paymentId, issued: false, issuedAt: null };
  }
  const at = await markIssued(db, doctor.id, paymentId);
  return { paymentId, issued: true, issuedAt: at?.toISOString() ?? null };
}
