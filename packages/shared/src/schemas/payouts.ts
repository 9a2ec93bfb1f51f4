import { z } from 'zod';
import { isValidCpf } from '../format/cpf.ts';

/**
 * Payouts (decision 082): where a doctor is paid (a Stripe Connect account, or a PIX key the team
 * transfers to by hand) and the money sent to them.
 */

export const PAYOUT_MESSAGES = {
  statusLoadFailed: 'Erro ao verificar status do Stripe Connect',
  setupFailed: 'Erro ao configurar Stripe Connect',
  setupComplete: 'Configuração de repasses concluída. A verificação pode levar alguns minutos.',
  pixKeyTypeRequired: 'Escolha o tipo da chave PIX.',
  pixKeyRequired: 'Informe a chave PIX.',
  pixCpf: 'CPF inválido. Confira os 11 dígitos.',
  pixCnpj: 'CNPJ inválido. Confira os 14 dígitos.',
  pixEmail: 'Email inválido.',
  pixPhone: 'Celular inválido. Use DDD e número, por exemplo (11) 91234-5678.',
  pixRandom: 'Chave aleatória inválida. Ela tem 32 letras e números separados por hífens.',
  pixSaved: 'Chave PIX salva. Os próximos repasses serão transferidos para ela.',
  pixNotUsed: 'Os repasses desta plataforma são feitos pelo Stripe Connect, não por chave PIX.',
  connectNotUsed: 'O Stripe Connect não está configurado nesta plataforma: cadastre uma chave PIX.',
  notDoctor: 'Perfil do médico não encontrado',
  notFound: 'Repasse não encontrado.',
  referenceRequired: 'Informe o identificador da transferência.',
  referenceTooLong: 'O identificador deve ter no máximo 100 caracteres.',
  batchEmpty: 'Selecione ao menos um repasse.',
  batchTooLarge: 'Registre no máximo 100 repasses por vez.',
  notPendingPix: 'Este repasse não é um PIX aguardando transferência.',
  reasonRequired: 'Informe o motivo (ao menos 3 caracteres).',
  reasonTooLong: 'O motivo deve ter no máximo 300 caracteres.',
  duplicateInBatch: 'O mesmo repasse aparece duas vezes.',
} as const;

const M = PAYOUT_MESSAGES;

export const PAYOUT_METHODS = ['stripe_connect', 'pix'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'email', 'phone', 'random'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];
export const PAYOUT_STATUSES = ['in_transit', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const PIX_KEY_TYPE_LABEL: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  email: 'Email',
  phone: 'Celular',
  random: 'Chave aleatória',
};

// ── PIX keys ────────────────────────────────────────────────────────────────

const digits = (s: string) => s.replace(/\D/g, '');

/** CNPJ check digits (weights 5..2,9..2 then 6..2,9..2). */
export function isValidCnpj(value: string): boolean {
  const d = digits(value);
  if (d.length !== 14 || /^(\d)\1{13}$/.test(d)) return false;
  const check = (len: number) => {
    const weights =
      len === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const sum = weights.reduce((s, w, i) => s + w * Number(d[i]), 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === Number(d[12]) && check(13) === Number(d[13]);
}

/**
 * A PIX key in the form the Central Bank's directory keeps it, or the Portuguese reason it is not
 * one: CPF and CNPJ as digits, email in lower case, phone as +55 with DDD and a mobile number,
 * the random key (EVP) as a lower-case UUID.
 */
export function normalizePixKey(
  type: PixKeyType,
  raw: string,
): { ok: true; key: string } | { ok: false; message: string } {
  const text = raw.trim();
  switch (type) {
    case 'cpf':
      return digits(text).length === 11 && /^[\d.\-\s]+$/.test(text) && isValidCpf(text)
        ? { ok: true, key: digits(text) }
        : { ok: false, message: M.pixCpf };
    case 'cnpj':
      return /^[\d./\-\s]+$/.test(text) && isValidCnpj(text)
        ? { ok: true, key: digits(text) }
        : { ok: false, message: M.pixCnpj };
    case 'email': {
      const email = text.toLowerCase();
      return email.length <= 77 && z.email().safeParse(email).success
        ? { ok: true, key: email }
        : { ok: false, message: M.pixEmail };
    }
    case 'phone': {
      if (!/^\+?[\d\s().-]+$/.test(text)) return { ok: false, message: M.pixPhone };
      let d = digits(text);
      if (d.length === 13 && d.startsWith('55')) d = d.slice(2);
      // DDD 11–99 and a mobile number: nine digits starting with 9.
      return /^[1-9][1-9]9\d{8}$/.test(d) ? { ok: true, key: `+55${d}` } : { ok: false, message: M.pixPhone };
    }
    case 'random': {
      const key = text.toLowerCase();
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(key)
        ? { ok: true, key }
        : { ok: false, message: M.pixRandom };
    }
  }
}

/** How a key is shown: CPF and CNPJ punctuated, a phone as +55 (11) 91234-5678. */
export function formatPixKey(type: PixKeyType, key: string): string {
  if (type === 'cpf' && key.length === 11)
    return `${key.slice(0, 3)}.${key.slice(3, 6)}.${key.slice(6, 9)}-${key.slice(9)}`;
  if (type === 'cnpj' && key.length === 14)
    return `${key.slice(0, 2)}.${key.slice(2, 5)}.${key.slice(5, 8)}/${key.slice(8, 12)}-${key.slice(12)}`;
  if (type === 'phone' && key.length === 14)
    return `+55 (${key.slice(3, 5)}) ${key.slice(5, 10)}-${key.slice(10)}`;
  return key;
}

export const pixKeyInputSchema = z
  .object({
    type: z.enum(PIX_KEY_TYPES, { error: M.pixKeyTypeRequired }),
    key: z.string({ error: M.pixKeyRequired }).trim().min(1, { error: M.pixKeyRequired }).max(100),
  })
  .superRefine((v, ctx) => {
    const result = normalizePixKey(v.type, v.key);
    if (!result.ok) ctx.addIssue({ code: 'custom', path: ['key'], message: result.message });
  });
/** As typed; the server keeps `normalizePixKey`'s form. */
export type PixKeyInput = z.infer<typeof pixKeyInputSchema>;

// ── The doctor's payout account ────────────────────────────────────────────

/**
 * Where the doctor stands: `not_set_up` (nothing yet), `pending` (a Connect account Stripe has not
 * approved yet), `active` (payouts may go there). `provider` says which way this platform pays.
 */
export const payoutAccountSchema = z.object({
  provider: z.enum(PAYOUT_METHODS),
  status: z.enum(['not_set_up', 'pending', 'active']),
  pixKeyType: z.enum(PIX_KEY_TYPES).nullable(),
  pixKey: z.string().nullable(),
  /** Centavos: a payout is made only when the available balance reaches it. */
  minimumAmount: z.number().int(),
  /** Available balance now, in centavos (negative: owed, netted by the next releases). */
  available: z.number().int(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const connectOnboardingSchema = z.object({ url: z.url() });
export type ConnectOnboarding = z.infer<typeof connectOnboardingSchema>;

// ── Payouts ─────────────────────────────────────────────────────────────────

export const payoutSchema = z.object({
  id: z.uuid(),
  amount: z.number().int(),
  method: z.enum(PAYOUT_METHODS),
  status: z.enum(PAYOUT_STATUSES),
  /** Stripe's transfer, or the PIX transfer's id the team recorded. */
  reference: z.string().nullable(),
  /** The PIX key paid, as it was. */
  destination: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  failedAt: z.iso.datetime().nullable(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const payoutListSchema = z.object({ items: z.array(payoutSchema) });
export type PayoutList = z.infer<typeof payoutListSchema>;

export const payoutIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });

export const adminPayoutSchema = payoutSchema.extend({
  doctor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;

export const adminPayoutListQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  method: z.enum(PAYOUT_METHODS).optional(),
  /** Doctor's name or email. */
  q: z.string().trim().max(100).optional(),
});
export type AdminPayoutListQuery = z.infer<typeof adminPayoutListQuerySchema>;

export const adminPayoutListSchema = z.object({
  items: z.array(adminPayoutSchema),
  /** Which way this platform pays (manual PIX shows the batch actions). */
  provider: z.enum(PAYOUT_METHODS),
});
export type AdminPayoutList = z.infer<typeof adminPayoutListSchema>;

export const recordPixTransfersSchema = z
  .object({
    items: z
      .array(
        z.object({
          payoutId: z.uuid({ error: M.notFound }),
          reference: z
            .string({ error: M.referenceRequired })
            .trim()
            .min(1, { error: M.referenceRequired })
            .max(100, { error: M.referenceTooLong }),
        }),
      )
      .min(1, { error: M.batchEmpty })
      .max(100, { error: M.batchTooLarge }),
  })
  .superRefine((v, ctx) => {
    const seen = new Set<string>();
    v.items.forEach((item, i) => {
      if (seen.has(item.payoutId))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'payoutId'], message: M.duplicateInBatch });
      seen.add(item.payoutId);
    });
  });
export type RecordPixTransfers = z.infer<typeof recordPixTransfersSchema>;

export const failPayoutSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(3, { error: M.reasonRequired })
    .max(300, { error: M.reasonTooLong }),
});
export type FailPayout = z.infer<typeof failPayoutSchema>;

export const payoutRunResultSchema = z.object({
  runKey: z.string(),
  created: z.number().int(),
  total: z.number().int(),
});
export type PayoutRunResult = z.infer<typeof payoutRunResultSchema>;
