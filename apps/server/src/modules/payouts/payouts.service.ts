import { formatBRL } from '@pulsa/shared/format/money';
import {
  type AdminPayout,
  type AdminPayoutList,
  type AdminPayoutListQuery,
  formatPixKey,
  PAYOUT_MESSAGES as M,
  normalizePixKey,
  type Payout,
  type PayoutAccount,
  type PayoutRunResult,
  PIX_KEY_TYPE_LABEL,
  type PixKeyInput,
  type RecordPixTransfers,
} from '@pulsa/shared/schemas/payouts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { localDateOf } from '../doctors/slots.ts';
import { enqueueEmail, enqueueEmails } from '../email/email.outbox.ts';
import { type EmailContent, payoutEmail } from '../email/email.templates.ts';
import {
  availableBalances,
  availableMovements,
  doctorBalance,
  postPayoutReversal,
  postPayouts,
} from '../ledger/ledger.service.ts';
import { publishLive } from '../live/live.events.ts';
import { notify } from '../notifications/notifications.service.ts';
import { claimProviderEvent } from '../payments/payments.service.ts';
import { erasePayoutDetailsIfSettled } from './payout-details-erasure.ts';
import type { PayoutProvider, PayoutProviderEvent } from './payout-provider.ts';
import {
  accountByStripeId,
  accountOf,
  activeDoctorIds,
  adminPayouts,
  adminUserIds,
  doctorContact,
  doctorContacts,
  doctorOfUser,
  doctorPayouts,
  doctorStatementHeader,
  doctorsPaidInRun,
  getPayout,
  insertPayouts,
  lockAccounts,
  lockPayout,
  lockPayouts,
  type PayoutRow,
  paymentsForStatement,
  payoutTotalsOf,
  previousPayout,
  saveConnectAccount,
  savePixAccount,
  setAccountStatus,
  unsentConnectPayouts,
  updatePayout,
} from './payouts.repository.ts';
import { renderStatementPdf, type StatementLine } from './statement-pdf.ts';

/**
 * Payouts (decision 082): the doctor's available balance leaves Pulsa. A run builds one payout per
 * doctor whose available balance reaches the minimum, under a lock on their payout account, and
 * posts the ledger's `payout` in the same transaction, so no payout ever exceeds what is available
 * and a run repeated (another instance, the admin's button) builds nothing twice. A failure posts
 * `payout_reversed` and the money is available again.
 */

export const PAYOUT_ZONE = 'America/Sao_Paulo';
export const PAYOUT_BUILD_JOB = 'payouts.build';
/** Doctors paid per database transaction: locks held briefly, few round trips. */
const CHUNK = 500;
/** Users per live event: their ids (37 bytes each) travel in one NOTIFY payload. */
const LIVE_GROUP = 150;

export interface PayoutsContext {
  db: Db;
  provider: PayoutProvider;
  appUrl: string;
  /** Centavos. */
  minimumAmount: number;
  /** The built-in test environment: nothing real moves, and statements say so. */
  testEnvironment: boolean;
  log?: FastifyBaseLogger;
  onEmailQueued?: () => void;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toPayoutDto(row: PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    method: row.method,
    status: row.status,
    reference: row.providerRef,
    destination: row.destination,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    failedAt: iso(row.failedAt),
  };
}

/** The run of a day: one payout per doctor per São Paulo date, whoever builds it. */
export function runKeyOf(at: Date): string {
  return localDateOf(at, PAYOUT_ZONE);
}

// ── Telling the doctor and the screens ──────────────────────────────────────

type PayoutNews = 'pix_created' | 'connect_sent' | 'paid' | 'failed';

function newsOf(kind: PayoutNews, payout: PayoutRow): { title: string; paragraphs: string[] } {
  const amount = formatBRL(payout.amount);
  switch (kind) {
    case 'pix_created':
      return {
        title: `Repasse de ${amount} a transferir`,
        paragraphs: [
          `Seu saldo disponível de ${amount} entrou em um repasse.`,
          `A equipe do Pulsa fará a transferência PIX para a chave ${payout.destination ?? 'cadastrada'}; avisaremos quando ela for registrada.`,
        ],
      };
    case 'connect_sent':
      return {
        title: `Repasse de ${amount} enviado`,
        paragraphs: [
          `Transferimos ${amount} para a sua conta Stripe, que o envia à sua conta bancária.`,
          'Avisaremos quando o banco confirmar o recebimento.',
        ],
      };
    case 'paid':
      return payout.method === 'pix'
        ? {
            title: `Repasse de ${amount} transferido`,
            paragraphs: [
              `A equipe do Pulsa registrou a transferência PIX de ${amount} para a chave ${payout.destination ?? 'cadastrada'}.`,
              `Identificador da transferência: ${payout.providerRef ?? '—'}.`,
            ],
          }
        : {
            title: `Repasse de ${amount} recebido`,
            paragraphs: [`O Stripe confirmou que ${amount} chegaram à sua conta bancária.`],
          };
    case 'failed':
      return {
        title: `Repasse de ${amount} não concluído`,
        paragraphs: [
          `O repasse de ${amount} não chegou: ${payout.failureReason ?? 'a transferência foi devolvida'}.`,
          'O valor voltou ao seu saldo disponível e entra no próximo repasse. Confira seus dados de recebimento no seu perfil.',
        ],
      };
  }
}

type Contact = { userId: string; name: string; email: string };

async function tellDoctor(ctx: PayoutsContext, tx: Queryable, kind: PayoutNews, payout: PayoutRow) {
  const doctor = await doctorContact(tx, payout.doctorId);
  if (!doctor) return;
  const news = newsOf(kind, payout);
  await notify(tx, doctor.userId, notificationOf(kind, news));
  await enqueueEmail(tx, doctor.email, emailOf(ctx, doctor, news));
}

const notificationOf = (kind: PayoutNews, news: { title: string; paragraphs: string[] }) => ({
  type: `payout.${kind}`,
  title: news.title,
  body: news.paragraphs.join(' '),
  link: '/doctor/payments',
});

const emailOf = (ctx: PayoutsContext, doctor: Contact, news: { title: string; paragraphs: string[] }) =>
  payoutEmail(doctor.name, { subject: news.title, ...news }, `${ctx.appUrl}/doctor/payments`);

/**
 * The doctors' open pages and every admin's Repasses list refresh. A NOTIFY payload carries the
 * users' ids and holds under 8000 bytes: a run's many doctors go in groups.
 */
async function announce(
  tx: Queryable,
  doctorUserIds: string[],
  doctorId: string | null,
  payoutId: string | null,
) {
  const admins = await adminUserIds(tx);
  const users = [...new Set([...admins, ...doctorUserIds])];
  for (let i = 0; i < users.length; i += LIVE_GROUP)
    await publishLive(tx, users.slice(i, i + LIVE_GROUP), { type: 'payout.changed', doctorId, payoutId });
}

async function announcePayout(tx: Queryable, payout: PayoutRow) {
  const doctor = await doctorContact(tx, payout.doctorId);
  await announce(tx, doctor ? [doctor.userId] : [], payout.doctorId, payout.id);
}

// ── Building the payouts ────────────────────────────────────────────────────

/**
 * Builds the run `runKey` at `at`: every doctor with an active account of this platform's method
 * and an available balance of at least the minimum gets one payout of all of it. One balance query
 * picks the candidates; each chunk of them is then locked and its balances read again under the
 * lock (another builder may have paid them meanwhile), so the amounts are exact. Connect payouts
 * are sent after commit; manual PIX waits for the team.
 */
export async function buildPayouts(
  ctx: PayoutsContext,
  input: { runKey: string; at?: Date },
): Promise<PayoutRunResult & { payouts: PayoutRow[] }> {
  const at = input.at ?? new Date();
  const method = ctx.provider.method;
  // Connect payouts a crash or a network error left unsent go first, with their own keys.
  if (ctx.provider.method === 'stripe_connect') await sendUnsent(ctx);
  const eligible = await activeDoctorIds(ctx.db, method);
  const candidates = await availableBalances(ctx.db, at, { minimum: ctx.minimumAmount, doctorIds: eligible });
  const ids = [...candidates.keys()].sort();
  const created: PayoutRow[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const rows = await ctx.db.transaction(async (tx) => {
      const accounts = (await lockAccounts(tx, chunk)).filter(
        (a) => a.status === 'active' && a.method === method,
      );
      const paid = await doctorsPaidInRun(
        tx,
        input.runKey,
        accounts.map((a) => a.doctorId),
      );
      const todo = accounts.filter((a) => !paid.has(a.doctorId));
      const exact = await availableBalances(tx, at, {
        minimum: ctx.minimumAmount,
        doctorIds: todo.map((a) => a.doctorId),
      });
      const inserted = await insertPayouts(
        tx,
        todo
          .filter((a) => exact.has(a.doctorId))
          .map((a) => ({
            doctorId: a.doctorId,
            amount: exact.get(a.doctorId) as number,
            method,
            runKey: input.runKey,
            destination:
              a.method === 'pix' && a.pixKeyType && a.pixKey
                ? `${PIX_KEY_TYPE_LABEL[a.pixKeyType]} ${formatPixKey(a.pixKeyType, a.pixKey)}`
                : null,
            createdAt: at,
            updatedAt: at,
          })),
      );
      // One read of the chunk's contacts: a run may pay thousands of doctors.
      const contacts = await doctorContacts(
        tx,
        inserted.map((p) => p.doctorId),
      );
      await postPayouts(
        tx,
        inserted.map((p) => ({
          doctorId: p.doctorId,
          amount: p.amount,
          sourceKey: `payout:${p.id}`,
          at,
          memo: `Repasse ${input.runKey}`,
        })),
      );
      const emails: { to: string; content: EmailContent }[] = [];
      for (const p of inserted) {
        const contact = contacts.get(p.doctorId);
        if (p.method !== 'pix' || !contact) continue;
        const news = newsOf('pix_created', p);
        await notify(tx, contact.userId, notificationOf('pix_created', news));
        emails.push({ to: contact.email, content: emailOf(ctx, contact, news) });
      }
      await enqueueEmails(tx, emails);
      if (inserted.length > 0)
        await announce(
          tx,
          [...contacts.values()].map((c) => c.userId),
          null,
          null,
        );
      return inserted;
    });
    created.push(...rows);
  }
  if (created.length > 0) ctx.onEmailQueued?.();
  if (ctx.provider.method === 'stripe_connect') await sendUnsent(ctx);
  return {
    runKey: input.runKey,
    created: created.length,
    total: created.reduce((s, p) => s + p.amount, 0),
    payouts: created,
  };
}

/** Sends Connect payouts not yet confirmed sent. A network error leaves them for the next run. */
async function sendUnsent(ctx: PayoutsContext) {
  const provider = ctx.provider;
  if (provider.method !== 'stripe_connect') return;
  for (const { payout, accountId } of await unsentConnectPayouts(ctx.db)) {
    if (!accountId) continue;
    let answer: { reference: string } | { refused: string; detail?: string };
    try {
      answer = await provider.send({ payoutId: payout.id, amount: payout.amount, accountId });
    } catch (err) {
      ctx.log?.warn({ err, payoutId: payout.id }, 'payout transfer not confirmed; retried by the next run');
      continue;
    }
    await ctx.db.transaction(async (tx) => {
      const row = await lockPayout(tx, payout.id);
      if (row?.status !== 'in_transit' || row.providerRef) return;
      if ('reference' in answer) {
        await updatePayout(tx, row.id, { providerRef: answer.reference });
        await tellDoctor(ctx, tx, 'connect_sent', { ...row, providerRef: answer.reference });
      } else {
        ctx.log?.warn({ payoutId: row.id, detail: answer.detail }, 'payout transfer refused by the provider');
        await failPayoutIn(ctx, tx, row, answer.refused);
      }
      await announcePayout(tx, row);
    });
    ctx.onEmailQueued?.();
  }
}

/** Failed: the ledger gives the money back to the doctor's available balance, once. */
async function failPayoutIn(
  ctx: PayoutsContext,
  tx: Queryable,
  row: PayoutRow,
  reason: string,
  now = new Date(),
) {
  await updatePayout(tx, row.id, { status: 'failed', failedAt: now, failureReason: reason });
  await postPayoutReversal(tx, {
    doctorId: row.doctorId,
    amount: row.amount,
    sourceKey: `payout-reversed:${row.id}`,
    at: now,
    memo: reason,
  });
  await tellDoctor(ctx, tx, 'failed', { ...row, status: 'failed', failureReason: reason });
}

/** The scheduled run (pg-boss: one instance runs each occurrence; the run key keeps it once anyway). */
export function schedulePayouts(ctx: PayoutsContext, jobs: JobQueue, cron: string) {
  jobs.recurring(
    PAYOUT_BUILD_JOB,
    cron,
    async () => {
      const now = new Date();
      const result = await buildPayouts(ctx, { runKey: runKeyOf(now), at: now });
      ctx.log?.info({ runKey: result.runKey, created: result.created, total: result.total }, 'payouts built');
    },
    { tz: PAYOUT_ZONE, expireInSeconds: 3600 },
  );
}

/** The admin's "Gerar repasses agora": the day's run, audited. */
export async function runPayoutsNow(
  ctx: PayoutsContext,
  actor: { id: string; ip: string },
): Promise<PayoutRunResult> {
  const now = new Date();
  const result = await buildPayouts(ctx, { runKey: runKeyOf(now), at: now });
  await recordAudit(ctx.db, {
    actorId: actor.id,
    action: 'payouts.run',
    entity: 'payout_run',
    entityId: result.runKey,
    after: { created: result.created, total: result.total },
    ip: actor.ip,
  });
  return { runKey: result.runKey, created: result.created, total: result.total };
}

// ── The doctor's side ───────────────────────────────────────────────────────

async function doctorOf(ctx: PayoutsContext, userId: string) {
  const doctor = await doctorOfUser(ctx.db, userId);
  if (!doctor) throw notFound(M.notDoctor);
  return doctor;
}

/**
 * Where the doctor stands. A Connect account still pending is asked of Stripe (the return from
 * onboarding may come before the `account.updated` event).
 */
export async function payoutAccountFor(ctx: PayoutsContext, userId: string): Promise<PayoutAccount> {
  const doctor = await doctorOf(ctx, userId);
  let account = await accountOf(ctx.db, doctor.id);
  const provider = ctx.provider;
  if (
    account?.method === 'stripe_connect' &&
    account.status === 'pending' &&
    provider.method === 'stripe_connect'
  ) {
    let enabled: boolean;
    try {
      enabled = await provider.payoutsEnabled(account.stripeAccountId as string);
    } catch (err) {
      ctx.log?.warn({ err }, 'Stripe Connect account status not read');
      throw new AppError(502, M.statusLoadFailed, { code: 'provider_unavailable' });
    }
    if (enabled) {
      await ctx.db.transaction(async (tx) => {
        await setAccountStatus(tx, doctor.id, 'active');
        await announce(tx, [doctor.userId], doctor.id, null);
      });
      account = { ...account, status: 'active' };
    }
  }
  // An account of the other method (the platform switched providers) is not set up for this one.
  const current = account && account.method === provider.method ? account : undefined;
  const { available } = await doctorBalance(ctx.db, doctor.id);
  return {
    provider: provider.method,
    status: current ? current.status : 'not_set_up',
    pixKeyType: current?.pixKeyType ?? null,
    pixKey: current?.pixKeyType && current.pixKey ? formatPixKey(current.pixKeyType, current.pixKey) : null,
    minimumAmount: ctx.minimumAmount,
    available,
  };
}

/** Starts (or resumes) Connect onboarding: the account link the browser goes to. */
export async function startConnectOnboarding(ctx: PayoutsContext, userId: string): Promise<{ url: string }> {
  const provider = ctx.provider;
  if (provider.method !== 'stripe_connect') throw conflict(M.connectNotUsed, undefined, 'connect_not_used');
  const doctor = await doctorOf(ctx, userId);
  const existing = await accountOf(ctx.db, doctor.id);
  try {
    let accountId = existing?.method === 'stripe_connect' ? existing.stripeAccountId : null;
    if (!accountId) {
      ({ accountId } = await provider.createAccount({
        doctorId: doctor.id,
        email: doctor.email,
        idempotencyKey: `connect-account:${doctor.id}`,
      }));
      await ctx.db.transaction(async (tx) => {
        await saveConnectAccount(tx, doctor.id, accountId as string);
        await announce(tx, [doctor.userId], doctor.id, null);
      });
    }
    return await provider.onboardingLink({
      accountId,
      returnUrl: `${ctx.appUrl}/doctor/profile?setup=complete`,
      refreshUrl: `${ctx.appUrl}/doctor/profile`,
    });
  } catch (err) {
    if (err instanceof AppError) throw err;
    ctx.log?.warn({ err }, 'Stripe Connect onboarding not started');
    throw new AppError(502, M.setupFailed, { code: 'provider_unavailable' });
  }
}

/** Registers or changes the PIX key (the route asked for a recent sign-in). */
export async function savePixKey(
  ctx: PayoutsContext,
  actor: { id: string; ip: string },
  input: PixKeyInput,
): Promise<PayoutAccount> {
  if (ctx.provider.method !== 'pix') throw conflict(M.pixNotUsed, undefined, 'pix_not_used');
  const normalized = normalizePixKey(input.type, input.key);
  if (!normalized.ok) throw badRequest(normalized.message, { key: normalized.message });
  const doctor = await doctorOf(ctx, actor.id);
  await ctx.db.transaction(async (tx) => {
    const before = await accountOf(tx, doctor.id);
    await savePixAccount(tx, doctor.id, { type: input.type, key: normalized.key });
    await recordAudit(tx, {
      actorId: actor.id,
      action: before ? 'payout_account.updated' : 'payout_account.created',
      entity: 'payout_account',
      entityId: doctor.id,
      before: before ? { method: before.method, pixKeyType: before.pixKeyType, pixKey: before.pixKey } : null,
      after: { method: 'pix', pixKeyType: input.type, pixKey: normalized.key },
      ip: actor.ip,
    });
    await announce(tx, [doctor.userId], doctor.id, null);
  });
  return payoutAccountFor(ctx, actor.id);
}

export async function listMyPayouts(ctx: PayoutsContext, userId: string): Promise<Payout[]> {
  const doctor = await doctorOf(ctx, userId);
  return (await doctorPayouts(ctx.db, doctor.id)).map(toPayoutDto);
}

const STATUS_LABEL = { in_transit: 'Em trânsito', paid: 'Pago', failed: 'Não concluído' } as const;
const KIND_LABEL: Partial<Record<string, string>> = {
  release: 'Consulta liberada',
  release_adjustment: 'Ajuste de liberação',
  refund: 'Reembolso ao paciente',
  refund_owed: 'Reembolso ao paciente (por transferência)',
  chargeback_opened: 'Contestação aberta',
  chargeback_won: 'Contestação ganha',
  chargeback_lost: 'Contestação perdida',
  payout: 'Repasse anterior',
  payout_reversed: 'Repasse devolvido',
};

/**
 * A payout's statement PDF. The doctor reads only their own; admins read any. What it covered:
 * the movements of the available balance after the previous payout that left, up to this one.
 */
export async function payoutStatement(
  ctx: PayoutsContext,
  viewer: { id: string; role: 'doctor' | 'admin' },
  payoutId: string,
): Promise<{ pdf: Uint8Array; fileName: string }> {
  const payout = await getPayout(ctx.db, payoutId);
  if (!payout) throw notFound(M.notFound);
  if (viewer.role === 'doctor') {
    const doctor = await doctorOfUser(ctx.db, viewer.id);
    // Someone else's payout answers like one that does not exist.
    if (!doctor || doctor.id !== payout.doctorId) throw notFound(M.notFound);
  } else if (viewer.role !== 'admin') throw forbidden();
  const header = await doctorStatementHeader(ctx.db, payout.doctorId);
  const prev = await previousPayout(ctx.db, payout);
  const from = prev ? prev.createdAt : null;
  const moves = (await availableMovements(ctx.db, payout.doctorId, { from, to: payout.createdAt })).filter(
    (m) => m.sourceKey !== `payout:${payout.id}`,
  );
  const opening = from ? (await doctorBalance(ctx.db, payout.doctorId, from)).available : 0;
  const consultations = await paymentsForStatement(ctx.db, [
    ...new Set(moves.flatMap((m) => (m.paymentId ? [m.paymentId] : []))),
  ]);
  const zone = header?.timeZone ?? PAYOUT_ZONE;
  const lines: StatementLine[] = moves.map((m) => {
    const c = m.paymentId ? consultations.get(m.paymentId) : undefined;
    const label = KIND_LABEL[m.kind] ?? m.kind;
    const when = c
      ? new Intl.DateTimeFormat('pt-BR', {
          timeZone: zone,
          day: '2-digit',
          month: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }).format(c.startsAt)
      : null;
    return {
      at: m.effectiveAt,
      description: c ? `${label} — consulta de ${c.patientName} em ${when}` : label,
      amount: m.amount,
    };
  });
  const number = payout.id.replace(/-/g, '').slice(0, 8).toUpperCase();
  const pdf = await renderStatementPdf({
    doctorName: header?.name ?? '',
    doctorCrm: header?.crmNumber ? `${header.crmNumber}/${header.crmState ?? ''}` : null,
    timeZone: zone,
    payoutNumber: number,
    createdAt: payout.createdAt,
    statusLabel: STATUS_LABEL[payout.status],
    methodLabel: payout.method === 'pix' ? 'PIX' : 'Stripe Connect',
    destination: payout.destination,
    reference: payout.providerRef,
    paidAt: payout.paidAt,
    amount: payout.amount,
    opening,
    lines,
    isTestEnvironment: ctx.testEnvironment && payout.method === 'pix',
  });
  return { pdf, fileName: `repasse-${number}.pdf` };
}

// ── The admin's side ────────────────────────────────────────────────────────

const adminDto = (r: { payout: PayoutRow; name: string; email: string }): AdminPayout => ({
  ...toPayoutDto(r.payout),
  doctor: { id: r.payout.doctorId, name: r.name, email: r.email },
});

export async function listPayoutsForAdmin(
  ctx: PayoutsContext,
  query: AdminPayoutListQuery,
): Promise<AdminPayoutList> {
  return { items: (await adminPayouts(ctx.db, query)).map(adminDto), provider: ctx.provider.method };
}

/**
 * The team made these PIX transfers in its bank: each payout is paid with its reference, audited,
 * and its doctor told. All or nothing: one payout not waiting for a PIX refuses the batch.
 */
export async function recordPixTransfers(
  ctx: PayoutsContext,
  actor: { id: string; ip: string },
  input: RecordPixTransfers,
): Promise<{ updated: number }> {
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    const rows = await lockPayouts(
      tx,
      input.items.map((i) => i.payoutId),
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    const fieldErrors: Record<string, string> = {};
    input.items.forEach((item, i) => {
      const row = byId.get(item.payoutId);
      if (!row) fieldErrors[`items.${i}.payoutId`] = M.notFound;
      else if (row.method !== 'pix' || row.status !== 'in_transit')
        fieldErrors[`items.${i}.payoutId`] = M.notPendingPix;
    });
    const first = Object.values(fieldErrors)[0];
    if (first) throw conflict(first, fieldErrors, 'payout_not_pending');
    for (const item of input.items) {
      const row = byId.get(item.payoutId) as PayoutRow;
      const paid: PayoutRow = {
        ...row,
        status: 'paid',
        providerRef: item.reference,
        paidAt: now,
        recordedBy: actor.id,
      };
      await updatePayout(tx, row.id, {
        status: 'paid',
        providerRef: item.reference,
        paidAt: now,
        recordedBy: actor.id,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: 'payout.pix_recorded',
        entity: 'payout',
        entityId: row.id,
        before: { status: row.status },
        after: {
          status: 'paid',
          reference: item.reference,
          amount: row.amount,
          destination: row.destination,
        },
        ip: actor.ip,
      });
      await tellDoctor(ctx, tx, 'paid', paid);
      await announcePayout(tx, paid);
      // A deleted doctor's PIX key was kept for this transfer only (decision 109).
      await erasePayoutDetailsIfSettled(tx, row.doctorId);
    }
  });
  ctx.onEmailQueued?.();
  return { updated: input.items.length };
}

/** The PIX did not go through (a key closed, a transfer returned): failed, the money available again. */
export async function markPayoutFailed(
  ctx: PayoutsContext,
  actor: { id: string; ip: string },
  payoutId: string,
  reason: string,
): Promise<Payout> {
  const result = await ctx.db.transaction(async (tx) => {
    const row = await lockPayout(tx, payoutId);
    if (!row) throw notFound(M.notFound);
    if (row.method !== 'pix' || row.status !== 'in_transit')
      throw conflict(M.notPendingPix, undefined, 'payout_not_pending');
    await failPayoutIn(ctx, tx, row, reason);
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payout.failed',
      entity: 'payout',
      entityId: row.id,
      before: { status: row.status },
      after: { status: 'failed', reason },
      reason,
      ip: actor.ip,
    });
    await announcePayout(tx, row);
    return (await lockPayout(tx, payoutId)) as PayoutRow;
  });
  ctx.onEmailQueued?.();
  return toPayoutDto(result);
}

// ── Provider events ─────────────────────────────────────────────────────────

/**
 * Applies a verified Connect event once (the payment events' table keeps every provider event
 * seen): an account whose payouts are enabled is active; our payout paid or failed at the bank.
 * A failed payout's transfer is taken back to the platform before the ledger gives the money back.
 */
export async function applyPayoutEvent(ctx: PayoutsContext, event: PayoutProviderEvent): Promise<void> {
  const provider = ctx.provider;
  if (provider.method !== 'stripe_connect') return;
  const source = 'stripe-connect';
  await ctx.db.transaction(async (tx) => {
    if (event.type === 'account') {
      const account = await accountByStripeId(tx, event.accountId);
      if (!account) return;
      if (!(await claimProviderEvent(tx, { provider: source, eventId: event.id, type: 'account.updated' })))
        return;
      const status = event.payoutsEnabled ? 'active' : 'pending';
      if (account.status !== status) {
        await setAccountStatus(tx, account.doctorId, status);
        const doctor = await doctorContact(tx, account.doctorId);
        await announce(tx, doctor ? [doctor.userId] : [], account.doctorId, null);
      }
      return;
    }
    const row = await lockPayout(tx, event.payoutId);
    if (row?.method !== 'stripe_connect') return;
    // Only the connected account the payout went to speaks for it: another account's event (its own
    // payout carrying a forged or copied id) changes nothing.
    const sender = event.accountId ? await accountByStripeId(tx, event.accountId) : undefined;
    if (sender?.doctorId !== row.doctorId) return;
    if (
      !(await claimProviderEvent(tx, { provider: source, eventId: event.id, type: `payout.${event.type}` }))
    )
      return;
    if (row.status !== 'in_transit') return;
    if (event.type === 'paid') {
      const now = new Date();
      await updatePayout(tx, row.id, { status: 'paid', paidAt: now });
      await tellDoctor(ctx, tx, 'paid', { ...row, status: 'paid', paidAt: now });
      await erasePayoutDetailsIfSettled(tx, row.doctorId);
    } else {
      if (row.providerRef) await provider.reverse({ reference: row.providerRef, payoutId: row.id });
      await failPayoutIn(ctx, tx, row, event.reason);
    }
    await announcePayout(tx, row);
  });
  ctx.onEmailQueued?.();
}

/** What a doctor's payouts add up to, paid and in transit (the earnings page covers releases with them). */
export function doctorPayoutTotals(db: Queryable, doctorId: string) {
  return payoutTotalsOf(db, doctorId);
}
