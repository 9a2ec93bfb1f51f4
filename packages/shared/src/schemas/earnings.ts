import './zod-setup.ts';
import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from './common.ts';

/**
 * The doctor's money (/doctor/payments, decision 084): balances, each consultation's split and
 * status, the monthly chart, and the Receita Saúde receipts to issue. Amounts are centavos.
 */

export const EARNINGS_MESSAGES = {
  invalidMonth: 'Mês inválido. Use o formato AAAA-MM.',
  paymentNotFound: 'Pagamento não encontrado.',
  notReceiptable: 'Este pagamento não tem recibo a emitir.',
} as const;

/**
 * awaiting_acceptance: paid, the doctor has not accepted the request yet ("Aguardando seu aceite":
 * refunded in full if refused); held: the share is still held ("A liberar"); the released rest is covered by payouts in release
 * order: paid ("Pago"), in transit ("Em transferência"), or not yet ("Disponível"); refunded: nothing
 * is left for the doctor (refunded in full).
 */
export const EARNING_STATUSES = [
  'awaiting_acceptance',
  'held',
  'available',
  'in_transit',
  'paid',
  'refunded',
] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];

/** A calendar month "yyyy-MM" (2000-01 to 2100-12). */
export const MONTH_PATTERN = /^(20\d\d|2100)-(0[1-9]|1[0-2])$/;
export const monthSchema = z
  .string({ error: EARNINGS_MESSAGES.invalidMonth })
  .regex(MONTH_PATTERN, { error: EARNINGS_MESSAGES.invalidMonth })
  .meta({ description: 'yyyy-MM' });

export const earningsQuerySchema = pageQuerySchema.pick({ page: true, pageSize: true });
export type EarningsQuery = z.infer<typeof earningsQuerySchema>;

export const earningItemSchema = z.object({
  paymentId: z.uuid(),
  appointmentId: z.uuid(),
  startsAt: z.iso.datetime(),
  patientName: z.string(),
  method: z.enum(['card', 'pix', 'boleto']),
  /** What the patient paid. */
  gross: z.number().int(),
  /** What the payment provider kept: Pulsa bears it, out of its commission. */
  providerFee: z.number().int(),
  /** Pulsa's commission on what was kept (the frozen split, less what refunds gave back). */
  commission: z.number().int(),
  /** Given back (or owed back) to the patient, and card disputes lost. */
  refunds: z.number().int(),
  /** The doctor's share left: gross − commission − refunds. */
  net: z.number().int(),
  status: z.enum(EARNING_STATUSES),
  /** When the share is (or was) released; null before the consultation ends with the money kept. */
  releaseAt: z.iso.datetime().nullable(),
});
export type EarningItem = z.infer<typeof earningItemSchema>;

export const earningsBalanceSchema = z.object({
  /** "A liberar": accepted and not yet releasable (to happen, inside the holding days, or disputed). */
  held: z.number().int(),
  /**
   * "Aguardando seu aceite": paid requests the doctor has not accepted yet — refunded in full if
   * refused, so kept out of "A liberar" (as "Receita mensal" leaves them out).
   */
  awaitingAcceptance: z.number().int(),
  /** "Disponível": released and not in a payout yet; negative when a refund came after a payout. */
  available: z.number().int(),
  /** "Em transferência": payouts created and not yet arrived. */
  inTransit: z.number().int(),
  /** "Pago": payouts that arrived. */
  paid: z.number().int(),
});
export type EarningsBalance = z.infer<typeof earningsBalanceSchema>;

export const earningsMonthSchema = z.object({
  month: z.string(),
  /** The doctor's share of consultations accepted and paid that month, net of refunds. */
  net: z.number().int(),
  /** What patients paid for them. */
  gross: z.number().int(),
});

export const earningsSchema = pageResultSchema(earningItemSchema).extend({
  balance: earningsBalanceSchema,
  /** The last 12 months, oldest first, in the doctor's time zone. */
  monthly: z.array(earningsMonthSchema),
  holdDays: z.number().int(),
});
export type Earnings = z.infer<typeof earningsSchema>;

// ── Receita Saúde receipts ──────────────────────────────────────────────────

export const taxReceiptsQuerySchema = z.object({ month: monthSchema });

export const taxReceiptSchema = z.object({
  paymentId: z.uuid(),
  /** When the money arrived (the receipt's date). */
  paidAt: z.iso.datetime(),
  patientName: z.string(),
  /** Digits only; the one place a doctor sees a patient's CPF, for this receipt. */
  patientCpf: z.string().nullable(),
  /** What the patient paid, net of refunds. */
  amount: z.number().int(),
  issued: z.boolean(),
  issuedAt: z.iso.datetime().nullable(),
});
export type TaxReceipt = z.infer<typeof taxReceiptSchema>;

export const taxReceiptListSchema = z.object({
  month: z.string(),
  items: z.array(taxReceiptSchema),
  issuedCount: z.number().int(),
  total: z.number().int(),
});
export type TaxReceiptList = z.infer<typeof taxReceiptListSchema>;

export const taxReceiptParamsSchema = z.object({
  paymentId: z.uuid({ error: EARNINGS_MESSAGES.paymentNotFound }),
});

export const taxReceiptMarkSchema = z.object({
  issued: z.boolean({ error: 'Informe se o recibo foi emitido.' }),
});
