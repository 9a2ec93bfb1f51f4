import './zod-setup.ts';
import { z } from 'zod';
import { PAYMENT_METHODS, PAYMENT_STATUSES, type StatusTone } from '../constants/statuses.ts';
import { boundedInt, INPUT_MESSAGES, MAX_PAGE, pageQuerySchema } from './common.ts';

/** /admin/payments (decision 083): the list, a payment's details, refunds and "marcar como pago". */

export const ADMIN_PAYMENT_MESSAGES = {
  loadFailed: 'Falha ao carregar pagamentos',
  notFound: 'Pagamento não encontrado.',
  amountRequired: 'Informe o valor a reembolsar',
  amountPositive: 'O valor precisa ser maior que zero',
  amountTooHigh: (left: string) => `O valor passa do que resta a reembolsar (${left}).`,
  reasonRequired: 'Escolha o motivo',
  reasonTextRequired: 'Descreva o motivo',
  reasonTextTooLong: 'A descrição pode ter no máximo 500 caracteres',
  referenceRequired: 'Informe a referência do pagamento',
  referenceTooLong: 'A referência pode ter no máximo 100 caracteres',
  keyRequired: 'Pedido sem identificador. Recarregue a página e tente de novo.',
  notRefundable: 'Só um pagamento pago pode ser reembolsado.',
  nothingLeft: 'Este pagamento já foi reembolsado por inteiro.',
  notPending: 'Só um PIX ou boleto pendente pode ser marcado como pago.',
  providerRefused:
    'O provedor de pagamento não permitiu anular a cobrança (ela pode ter sido paga lá). Atualize e confira antes de tentar de novo.',
  refunded: 'Reembolso registrado',
  markedPaid: 'Pagamento marcado como pago',
  keyReused: 'Este pedido já foi usado para outro reembolso. Recarregue a página e tente de novo.',
} as const;
const M = ADMIN_PAYMENT_MESSAGES;

/** Why the team gives money back: a fixed list (Portuguese labels), and always a text beside it. */
export const REFUND_REASON_CODES = [
  'doctor_absent',
  'technical_problem',
  'service_complaint',
  'duplicate_charge',
  'goodwill',
  'other',
] as const;
export type RefundReasonCode = (typeof REFUND_REASON_CODES)[number];
export const REFUND_REASON_LABEL: Record<RefundReasonCode, string> = {
  doctor_absent: 'Médico não compareceu ou atrasou',
  technical_problem: 'Problema técnico na consulta',
  service_complaint: 'Reclamação sobre o atendimento',
  duplicate_charge: 'Cobrança em duplicidade',
  goodwill: 'Cortesia do Pulsa',
  other: 'Outro motivo',
};

/** The status filter of the list: the spec's five (pendente covers a card authorised, not yet captured). */
export const ADMIN_PAYMENT_FILTERS = ['pending', 'paid', 'refunded', 'failed'] as const;
export type AdminPaymentFilter = (typeof ADMIN_PAYMENT_FILTERS)[number];
export const ADMIN_PAYMENT_FILTER_LABEL: Record<AdminPaymentFilter | 'all', string> = {
  all: 'Todos',
  pending: 'Pendente',
  paid: 'Pago',
  refunded: 'Reembolsado',
  failed: 'Falhou',
};

/**
 * One status per row, from the payment and what its ledger says moved (decision 105): a refused
 * boleto is "Reembolso a transferir", not "Pago" and "Reembolsado" at once.
 */
export const ADMIN_PAYMENT_STATES = [
  'pending',
  'processing',
  'paid',
  'partly_refunded',
  'refund_owed',
  'refunded',
  'disputed',
  'failed',
] as const;
export type AdminPaymentState = (typeof ADMIN_PAYMENT_STATES)[number];
export const ADMIN_PAYMENT_STATE: Record<AdminPaymentState, { label: string; tone: StatusTone }> = {
  pending: { label: 'Pendente', tone: 'warning' },
  processing: { label: 'Processando', tone: 'info' },
  paid: { label: 'Pago', tone: 'success' },
  partly_refunded: { label: 'Reembolsado em parte', tone: 'neutral' },
  refund_owed: { label: 'Reembolso a transferir', tone: 'warning' },
  refunded: { label: 'Reembolsado', tone: 'neutral' },
  disputed: { label: 'Contestação aberta', tone: 'danger' },
  failed: { label: 'Falhou', tone: 'danger' },
};

/** Past this many matches the list stops counting (it says "mais de 10.000"); decision 083. */
export const ADMIN_PAYMENTS_COUNT_CAP = 10_000;
/** A search by name counts (and pages) up to this many: past it, the name is too common to page through. */
export const ADMIN_PAYMENTS_SEARCH_COUNT_CAP = 1_000;
/** Rows of one CSV export at most (newest first); narrow the filter for more. */
export const ADMIN_PAYMENTS_EXPORT_CAP = 50_000;

export const adminPaymentsQuerySchema = z.object({
  /** A doctor's or patient's name (part of it), a payment id or its 8-character receipt number. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(ADMIN_PAYMENT_FILTERS).optional(),
  /** Only payments with a boleto refund still owed by PIX transfer (decision 064). */
  refund: z.enum(['awaiting_transfer']).optional(),
  page: boundedInt(1, MAX_PAGE, INPUT_MESSAGES.invalidPage).default(1),
  pageSize: pageQuerySchema.shape.pageSize,
});
export type AdminPaymentsQuery = z.input<typeof adminPaymentsQuerySchema>;
export const adminPaymentsExportQuerySchema = adminPaymentsQuerySchema.omit({ page: true, pageSize: true });

/** The doctor of an on-demand payment no doctor took: paid while waiting, or given back before a call. */
export const NO_DOCTOR_YET = 'Sem médico (pronto atendimento)';

export const adminPaymentSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  startsAt: z.string(),
  /** NO_DOCTOR_YET for an on-demand payment no doctor took (paid while waiting, or given back). */
  doctorName: z.string(),
  patientName: z.string(),
  patientEmail: z.string(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.string(),
  /** Centavos: the total, the doctor's share and Pulsa's commission, as frozen at booking. */
  amount: z.number().int(),
  doctorAmount: z.number().int(),
  platformFee: z.number().int(),
  /** Given back or owed back, in all (several partial refunds add up here). */
  refunded: z.number().int(),
  /** Of that, still owed by PIX transfer (a paid boleto). */
  refundOwed: z.number().int(),
  /** A card dispute is open on it (the doctor's share is held). */
  disputeOpen: z.boolean(),
  /** The row's one status (the payment's own `status` stays for the filter and the actions). */
  state: z.enum(ADMIN_PAYMENT_STATES),
  /**
   * What the ledger says the money became, in centavos: gross = returned + providerFee +
   * commission + doctor + awaitingDoctor. `commission` is net of refunds, lost disputes and the
   * provider's fees (what the dashboard's "Receita total" sums); `doctor` is the share left to the
   * doctor; `awaitingDoctor`, an on-demand PIX received before any doctor took the case (decision
   * 143). All 0 before the money arrives.
   */
  kept: z.object({
    returned: z.number().int(),
    providerFee: z.number().int(),
    commission: z.number().int(),
    doctor: z.number().int(),
    awaitingDoctor: z.number().int(),
  }),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

export const adminPaymentPageSchema = z.object({
  items: z.array(adminPaymentSchema),
  /** Matches, counted up to ADMIN_PAYMENTS_COUNT_CAP; `totalCapped` says there are more. */
  total: z.number().int(),
  totalCapped: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type AdminPaymentPage = z.infer<typeof adminPaymentPageSchema>;

export const paymentIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });

export const refundRecordSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  reason: z.string(),
  reasonCode: z.enum(REFUND_REASON_CODES).nullable(),
  requestedBy: z.enum(['patient', 'doctor', 'admin', 'system']),
  requestedByName: z.string().nullable(),
  status: z.enum(['done', 'awaiting_transfer']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type RefundRecord = z.infer<typeof refundRecordSchema>;

export const disputeSchema = z.object({
  id: z.string(),
  amount: z.number().int(),
  reason: z.string().nullable(),
  status: z.enum(['open', 'won', 'lost']),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
});

export const adminPaymentDetailsSchema = z.object({
  payment: adminPaymentSchema,
  /** What may still be given back, in centavos. */
  refundable: z.number().int(),
  ledger: z.array(
    z.object({
      id: z.uuid(),
      kind: z.string(),
      effectiveAt: z.string(),
      entries: z.array(z.object({ account: z.string(), amount: z.number().int() })),
    }),
  ),
  events: z.array(
    z.object({
      provider: z.string(),
      eventId: z.string(),
      type: z.string(),
      receivedAt: z.string(),
      actorName: z.string().nullable(),
      reference: z.string().nullable(),
    }),
  ),
  refunds: z.array(refundRecordSchema),
  disputes: z.array(disputeSchema),
  /** The cancellation policy's answer for this consultation now, as a suggestion (decision 065). */
  policy: z.object({
    refund: z.enum(['full', 'none']),
    amount: z.number().int(),
    freeUntil: z.string(),
  }),
});
export type AdminPaymentDetails = z.infer<typeof adminPaymentDetailsSchema>;

const reasonText = z
  .string({ error: M.reasonTextRequired })
  .trim()
  .min(1, { error: M.reasonTextRequired })
  .max(500, { error: M.reasonTextTooLong });

/** A refund of part or all of what is left. `key` makes a retried request refund once. */
export const adminRefundInputSchema = z.object({
  amount: z
    .number({ error: M.amountRequired })
    .int({ error: M.amountRequired })
    .positive({ error: M.amountPositive })
    .max(100_000_000, { error: M.amountPositive }),
  reasonCode: z.enum(REFUND_REASON_CODES, { error: M.reasonRequired }),
  reasonText,
  key: z.string({ error: M.keyRequired }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: M.keyRequired }),
});
export type AdminRefundInput = z.infer<typeof adminRefundInputSchema>;

export const markPaidInputSchema = z.object({
  reference: z
    .string({ error: M.referenceRequired })
    .trim()
    .min(1, { error: M.referenceRequired })
    .max(100, { error: M.referenceTooLong }),
});
export type MarkPaidInput = z.infer<typeof markPaidInputSchema>;

/** "R$ 12,34" typed in the refund dialog → centavos; null when it is not an amount. */
export function parseBRLInput(text: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  const [whole, cents = ''] = cleaned.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** The one refund rule a form can check before asking: more than zero, never more than what is left. */
export function refundAmountIssue(amount: number | null, refundable: number): string | null {
  if (amount === null) return M.amountRequired;
  if (amount <= 0) return M.amountPositive;
  if (amount > refundable) return 'too_high';
  return null;
}
