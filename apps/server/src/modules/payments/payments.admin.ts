import {
  ADMIN_PAYMENTS_COUNT_CAP,
  ADMIN_PAYMENTS_EXPORT_CAP,
  ADMIN_PAYMENTS_SEARCH_COUNT_CAP,
  type AdminPayment,
  type AdminPaymentFilter,
  type AdminPaymentPage,
  type AdminPaymentState,
  NO_DOCTOR_YET,
  REFUND_REASON_CODES,
  type RefundReasonCode,
  type RefundRecord,
} from '@pulsa/shared/schemas/payments-admin';
import { and, desc, eq, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import {
  appointments,
  disputes,
  doctorProfiles,
  paymentEvents,
  payments,
  personNameWords,
  refunds,
  userProfiles,
} from '../../db/schema.ts';
import { paymentLedger, paymentsSummary } from '../ledger/ledger.service.ts';

/**
 * The team's reads of payments (decision 083): the list with its search, filter and pages, the CSV
 * of the same rows, and one payment's details. Every query starts from `payments` newest first and
 * reaches the people by their ids, so a page reads its 20 rows and what they name, never the table.
 */

const doctorPerson = alias(userProfiles, 'doctor_person');
const patientPerson = alias(userProfiles, 'patient_person');

export interface AdminPaymentFilters {
  q?: string;
  status?: AdminPaymentFilter;
  refund?: 'awaiting_transfer';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The receipt number printed on the PDF: the first 8 hex digits of the payment id. */
const RECEIPT_NUMBER = /^[0-9a-f]{8}$/i;

/** Past this many people named by the search, it walks the payments instead (decision 083). */
const PEOPLE_CAP = 5000;

/**
 * The words of a name or a search as person_name_words keeps them: lower-case, without accents,
 * split on anything but letters and digits (the same rule as the database's person_name_words_of).
 */
export function nameWords(text: string): string[] {
  const plain = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  return [...new Set(plain.split(/[^a-z0-9]+/).filter(Boolean))].slice(0, 8);
}

/** The people whose name has a word starting with each word of the search. */
function peopleNamed(words: string[]): SQL {
  return sql.join(
    words.map(
      (w) =>
        sql`select ${personNameWords.userId} from ${personNameWords} where ${personNameWords.word} like ${`${w}%`}`,
    ),
    sql` intersect `,
  );
}

/**
 * The search: a payment id, a receipt number (a range of ids, read on the primary key), or the
 * start of the words of a doctor's or patient's name ("mar sil" finds Maria da Silva). The people
 * are found first — ranges of one btree index (person_name_words), at most PEOPLE_CAP of them —
 * then their payments by id; a name so common that more people carry it walks the payments newest
 * first, where its matches are dense enough to fill a page at once.
 */
async function searchOf(db: Queryable, q: string | undefined): Promise<SQL | undefined> {
  const text = q?.trim();
  if (!text) return undefined;
  if (UUID.test(text)) return eq(payments.id, text.toLowerCase());
  const words = nameWords(text);
  let names: SQL = sql`false`;
  if (words.length > 0) {
    const named = peopleNamed(words);
    const people = await db
      .select({ userId: sql<string>`named.user_id`, doctorId: doctorProfiles.id })
      .from(sql`(${named} limit ${PEOPLE_CAP + 1}) as named`)
      .leftJoin(doctorProfiles, sql`${doctorProfiles.userId} = named.user_id`);
    if (people.length > PEOPLE_CAP)
      names = or(
        sql`${payments.doctorId} in (select ${doctorProfiles.id} from ${doctorProfiles} where ${doctorProfiles.userId} in (${named}))`,
        sql`${payments.patientId} in (${named})`,
      ) as SQL;
    else {
      const doctors = people.flatMap((p) => (p.doctorId ? [p.doctorId] : []));
      const patients = people.filter((p) => !p.doctorId).map((p) => p.userId);
      names =
        or(
          doctors.length ? sql`${payments.doctorId} = any(${`{${doctors.join(',')}}`}::uuid[])` : undefined,
          patients.length
            ? sql`${payments.patientId} = any(${`{${patients.join(',')}}`}::uuid[])`
            : undefined,
        ) ?? sql`false`;
    }
  }
  if (!RECEIPT_NUMBER.test(text)) return names;
  const prefix = text.toLowerCase();
  return or(
    sql`${payments.id} between ${`${prefix}-0000-0000-0000-000000000000`}::uuid and ${`${prefix}-ffff-ffff-ffff-ffffffffffff`}::uuid`,
    names,
  );
}

const STATUSES: Record<AdminPaymentFilter, (typeof payments.status.enumValues)[number][]> = {
  // Pendente: the money has not arrived — not paid yet, or a card held until the doctor accepts.
  pending: ['pending', 'processing'],
  paid: ['paid'],
  refunded: ['refunded'],
  failed: ['failed'],
};

export async function adminPaymentsWhere(
  db: Queryable,
  filters: AdminPaymentFilters,
): Promise<SQL | undefined> {
  return and(
    // A payment without a doctor is listed once money moved (an on-demand PIX); a card held for a
    // queue and released before any call moved none and never had a doctor.
    sql`(${payments.doctorId} is not null or exists (select 1 from ledger_entries e where e.payment_id = ${payments.id}))`,
    await searchOf(db, filters.q),
    filters.status ? inArray(payments.status, STATUSES[filters.status]) : undefined,
    filters.refund
      ? sql`${payments.id} in (select ${refunds.paymentId} from ${refunds} where ${refunds.status} = 'awaiting_transfer')`
      : undefined,
  );
}

function selectRows(db: Queryable) {
  return (
    db
      .select({
        p: payments,
        startsAt: appointments.startsAt,
        doctorName: sql<string>`coalesce(${doctorPerson.fullName}, ${NO_DOCTOR_YET})`,
        patientName: patientPerson.fullName,
        patientEmail: patientPerson.email,
        refunded: sql<string>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.paymentId} = ${payments.id}), 0)`,
        refundOwed: sql<string>`coalesce((select sum(${refunds.amount}) from ${refunds} where ${refunds.paymentId} = ${payments.id} and ${refunds.status} = 'awaiting_transfer'), 0)`,
        disputeOpen: sql<boolean>`exists (select 1 from ${disputes} where ${disputes.paymentId} = ${payments.id} and ${disputes.status} = 'open')`,
      })
      .from(payments)
      .innerJoin(appointments, eq(appointments.id, payments.appointmentId))
      // An on-demand PIX has no doctor until the call, nor ever when it is given back before one.
      .leftJoin(doctorProfiles, eq(doctorProfiles.id, payments.doctorId))
      .leftJoin(doctorPerson, eq(doctorPerson.id, doctorProfiles.userId))
      .innerJoin(patientPerson, eq(patientPerson.id, payments.patientId))
  );
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

type Kept = AdminPayment['kept'];
const NOTHING_KEPT: Kept = { returned: 0, providerFee: 0, commission: 0, doctor: 0, awaitingDoctor: 0 };

/** What the ledger says each payment's money became (decision 105), one query for the rows. */
async function keptOf(db: Queryable, ids: string[]): Promise<Map<string, Kept>> {
  const sums = await paymentsSummary(db, ids, new Date());
  return new Map(
    sums.map((s) => [
      s.paymentId,
      {
        returned: s.returned,
        providerFee: s.providerFees,
        commission: s.commissionAccount,
        doctor: s.net,
        awaitingDoctor: s.awaitingDoctor,
      },
    ]),
  );
}

/** The row's one status: the payment's, refined by its refunds and disputes. */
export function adminPaymentState(p: {
  status: AdminPayment['status'];
  amount: number;
  refunded: number;
  refundOwed: number;
  disputeOpen: boolean;
}): AdminPaymentState {
  if (p.status === 'pending' || p.status === 'processing' || p.status === 'failed') return p.status;
  if (p.disputeOpen) return 'disputed';
  if (p.refundOwed > 0) return 'refund_owed';
  if (p.status === 'refunded' || p.refunded >= p.amount) return 'refunded';
  return p.refunded > 0 ? 'partly_refunded' : 'paid';
}

function toAdminPayment(r: Row, kept: Kept | undefined): AdminPayment {
  const refunded = Number(r.refunded);
  const refundOwed = Number(r.refundOwed);
  const disputeOpen = !!r.disputeOpen;
  return {
    id: r.p.id,
    appointmentId: r.p.appointmentId,
    createdAt: r.p.createdAt.toISOString(),
    paidAt: r.p.paidAt ? r.p.paidAt.toISOString() : null,
    startsAt: r.startsAt.toISOString(),
    doctorName: r.doctorName,
    patientName: r.patientName,
    patientEmail: r.patientEmail,
    method: r.p.method,
    status: r.p.status,
    provider: r.p.provider,
    amount: r.p.amount,
    doctorAmount: r.p.doctorAmount,
    platformFee: r.p.platformFee,
    refunded,
    refundOwed,
    disputeOpen,
    state: adminPaymentState({ status: r.p.status, amount: r.p.amount, refunded, refundOwed, disputeOpen }),
    kept: kept ?? NOTHING_KEPT,
  };
}

/** Rows with what their money became. */
async function withKept(db: Queryable, rows: Row[]): Promise<AdminPayment[]> {
  const kept = await keptOf(
    db,
    rows.map((r) => r.p.id),
  );
  return rows.map((r) => toAdminPayment(r, kept.get(r.p.id)));
}

/**
 * Matches counted up to the cap (one row past it says "more"): the count reads at most that many
 * index entries whatever the table's size, where an exact count of a million rows would not.
 */
async function cappedCount(db: Queryable, where: SQL | undefined, cap: number) {
  const inner = db
    .select({ one: sql`1` })
    .from(payments)
    .where(where)
    .limit(cap + 1)
    .as('matches');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  const n = row?.n ?? 0;
  return { total: Math.min(n, cap), capped: n > cap };
}

/** `GET /api/admin/payments`: newest first, searched and filtered, a page and a capped count. */
export async function adminPayments(
  db: Queryable,
  query: AdminPaymentFilters & { page: number; pageSize: number },
): Promise<AdminPaymentPage> {
  const where = await adminPaymentsWhere(db, query);
  // A name is paged up to fewer matches than a filter: a common one is narrowed, not paged through.
  const cap = query.q?.trim() ? ADMIN_PAYMENTS_SEARCH_COUNT_CAP : ADMIN_PAYMENTS_COUNT_CAP;
  const count = await cappedCount(db, where, cap);
  const offset = (query.page - 1) * query.pageSize;
  // The page's ids first, from the payments alone (an index-only walk newest first, decision 083),
  // then what those few rows show: skipped rows of a deep page never reach the joins. Past the
  // counted matches there is no page to read.
  const ids =
    offset < count.total
      ? await db
          .select({ id: payments.id })
          .from(payments)
          .where(where)
          .orderBy(desc(payments.createdAt), desc(payments.id))
          .limit(query.pageSize)
          .offset(offset)
      : [];
  const rows = ids.length
    ? await selectRows(db)
        .where(
          inArray(
            payments.id,
            ids.map((r) => r.id),
          ),
        )
        .orderBy(desc(payments.createdAt), desc(payments.id))
    : [];
  return {
    items: await withKept(db, rows),
    total: count.total,
    totalCapped: count.capped,
    page: query.page,
    pageSize: query.pageSize,
    pageCount: Math.max(1, Math.ceil(count.total / query.pageSize)),
  };
}

/** One payment as the list shows it, or undefined. */
export async function adminPayment(db: Queryable, id: string): Promise<AdminPayment | undefined> {
  const rows = await selectRows(db).where(eq(payments.id, id));
  return rows.length ? (await withKept(db, rows))[0] : undefined;
}

/** The payment's appointment, unlocked: the caller locks the appointment first, then the payment. */
export async function appointmentOfPayment(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db
    .select({ appointmentId: payments.appointmentId })
    .from(payments)
    .where(eq(payments.id, id));
  return row?.appointmentId;
}

const actor = alias(userProfiles, 'actor');

/** What the details dialog shows besides the row: its ledger, the provider's events, refunds, disputes. */
export async function paymentHistory(db: Queryable, id: string) {
  const ledger = await paymentLedger(db, id);
  const events = await db
    .select({
      provider: paymentEvents.provider,
      eventId: paymentEvents.eventId,
      type: paymentEvents.type,
      receivedAt: paymentEvents.receivedAt,
      actorName: actor.fullName,
      reference: paymentEvents.reference,
    })
    .from(paymentEvents)
    .leftJoin(actor, eq(actor.id, paymentEvents.actorId))
    .where(eq(paymentEvents.paymentId, id))
    .orderBy(paymentEvents.receivedAt);
  const refundRows = await db
    .select({ r: refunds, requestedByName: actor.fullName })
    .from(refunds)
    .leftJoin(actor, eq(actor.id, refunds.requestedByUser))
    .where(eq(refunds.paymentId, id))
    .orderBy(refunds.createdAt);
  const disputeRows = await db
    .select()
    .from(disputes)
    .where(eq(disputes.paymentId, id))
    .orderBy(disputes.createdAt);
  return {
    ledger: ledger.map((t) => ({
      id: t.id,
      kind: t.kind,
      effectiveAt: t.effectiveAt.toISOString(),
      entries: t.entries.map((e) => ({ account: e.account, amount: e.amount })),
    })),
    events: events.map((e) => ({ ...e, receivedAt: e.receivedAt.toISOString() })),
    refunds: refundRows.map(
      ({ r, requestedByName }): RefundRecord => ({
        id: r.id,
        amount: r.amount,
        reason: r.reason,
        reasonCode: REFUND_REASON_CODES.includes(r.reasonCode as RefundReasonCode)
          ? (r.reasonCode as RefundReasonCode)
          : null,
        requestedBy: r.requestedBy,
        requestedByName,
        status: r.status,
        createdAt: r.createdAt.toISOString(),
        settledAt: r.settledAt ? r.settledAt.toISOString() : null,
      }),
    ),
    disputes: disputeRows.map((d) => ({
      id: d.id,
      amount: d.amount,
      reason: d.reason,
      status: d.status,
      createdAt: d.createdAt.toISOString(),
      closedAt: d.closedAt ? d.closedAt.toISOString() : null,
    })),
  };
}

// ── CSV ──────────────────────────────────────────────────────────────────────

/**
 * One CSV cell: quoted, inner quotes doubled, and a cell a spreadsheet would read as a formula
 * (starting with = + - @, a tab or a carriage return) prefixed with a quote so it stays text.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvLine = (cells: (string | number | null | undefined)[]) =>
  `${cells.map(csvCell).join(';')}\r\n`;

/** Centavos as Brazilian spreadsheets read money: "1234,56" (no thousands separator). */
export const csvMoney = (centavos: number) =>
  `${centavos < 0 ? '-' : ''}${Math.floor(Math.abs(centavos) / 100)},${String(Math.abs(centavos) % 100).padStart(2, '0')}`;

/**
 * The split frozen at booking beside what the ledger kept (decision 105): on every row Total =
 * Devolvido + Taxa do provedor + Comissão líquida + Valor do médico líquido + Aguardando médico
 * once the money arrived, and the column
 * "Comissão líquida" sums to the dashboard's "Receita total" over every payment.
 */
export const CSV_HEADERS = [
  'Data',
  'ID do pagamento',
  'Médico',
  'Paciente',
  'Email do paciente',
  'Data da consulta',
  'Data do pagamento',
  'Forma de pagamento',
  'Status',
  'Total (R$)',
  'Valor do médico na reserva (R$)',
  'Comissão na reserva (R$)',
  'Reembolsado (R$)',
  'Reembolso a transferir (R$)',
  'Devolvido ao paciente (R$)',
  'Taxa do provedor (R$)',
  'Comissão líquida (R$)',
  'Valor do médico líquido (R$)',
  'Aguardando médico (R$)',
];

/**
 * Every row of the filter, newest first, in batches read by keyset (never a deep OFFSET), at most
 * ADMIN_PAYMENTS_EXPORT_CAP rows; each batch is handed on as lines of text.
 */
export async function* adminPaymentRowsForExport(
  db: Queryable,
  filters: AdminPaymentFilters,
  line: (payment: AdminPayment) => string,
): AsyncGenerator<string> {
  const where = await adminPaymentsWhere(db, filters);
  let after: { createdAt: Date; id: string } | undefined;
  let sent = 0;
  const batch = 1000;
  while (sent < ADMIN_PAYMENTS_EXPORT_CAP) {
    const rows = await selectRows(db)
      .where(
        and(
          where,
          after
            ? or(
                lt(payments.createdAt, after.createdAt),
                and(eq(payments.createdAt, after.createdAt), lt(payments.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(Math.min(batch, ADMIN_PAYMENTS_EXPORT_CAP - sent));
    if (rows.length === 0) return;
    yield (await withKept(db, rows)).map(line).join('');
    sent += rows.length;
    const last = rows.at(-1) as Row;
    after = { createdAt: last.p.createdAt, id: last.p.id };
    if (rows.length < batch) return;
  }
}
