import { z } from 'zod';
import { DEFAULT_COMMISSION_PERCENT } from '../constants/business.ts';

/** Commission rules (/admin/commissions): the spec's form, its messages and the list's rows. */

export const COMMISSION_MESSAGES = {
  nameTooShort: 'Nome deve ter pelo menos 2 caracteres.',
  nameTooLong: 'Nome deve ter no máximo 80 caracteres.',
  percentageRequired: 'Informe a porcentagem',
  percentageNegative: 'Porcentagem não pode ser negativa',
  percentageTooHigh: 'Porcentagem não pode exceder 100%',
  percentageStep: 'Use no máximo duas casas decimais',
  invalidSpecialty: 'Especialidade inválida',
  specialtyNotFound: 'Especialidade não encontrada',
  defaultForAll: 'A comissão padrão vale para todas as especialidades: deixe "Todas".',
  defaultMustBeActive: 'A comissão padrão precisa estar ativa.',
  keepOneDefault: 'Sempre há uma comissão padrão ativa. Para trocar, marque outra configuração como padrão.',
  specialtyTaken: 'Já existe uma comissão ativa para esta especialidade. Desative-a ou edite-a.',
  concurrentChange: 'Outra alteração de comissão foi salva ao mesmo tempo. Atualize a lista e tente de novo.',
  notFound: 'Configuração de comissão não encontrada',
  created: 'Configuração de comissão criada',
  updated: 'Configuração de comissão atualizada',
  loadFailed: 'Falha ao carregar configurações de comissão',
  saveFailed: 'Falha ao salvar configuração de comissão',
} as const;

const M = COMMISSION_MESSAGES;

/** Whole hundredths only (the spec's step 0.01): 12.5 and 12.34 pass, 12.345 does not. */
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** The form (create and edit) and the body of both calls: percentage in percent, e.g. 12.5. */
export const commissionInputSchema = z
  .object({
    name: z
      .string({ error: M.nameTooShort })
      .trim()
      .min(2, { error: M.nameTooShort })
      .max(80, { error: M.nameTooLong }),
    percentage: z
      .number({ error: M.percentageRequired })
      .min(0, { error: M.percentageNegative })
      .max(100, { error: M.percentageTooHigh })
      .refine(hasAtMostTwoDecimals, { error: M.percentageStep }),
    /** Null: every specialty ("Todas"). */
    specialtyId: z.uuid({ error: M.invalidSpecialty }).nullable(),
    isDefault: z.boolean(),
    isActive: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.isDefault && v.specialtyId !== null)
      ctx.addIssue({ code: 'custom', path: ['specialtyId'], message: M.defaultForAll });
    if (v.isDefault && !v.isActive)
      ctx.addIssue({ code: 'custom', path: ['isActive'], message: M.defaultMustBeActive });
  });
export type CommissionInput = z.infer<typeof commissionInputSchema>;

/** The spec's defaults: 10 %, not the default, active. */
export const COMMISSION_FORM_DEFAULTS: CommissionInput = {
  name: '',
  percentage: DEFAULT_COMMISSION_PERCENT,
  specialtyId: null,
  isDefault: false,
  isActive: true,
};

export const commissionSettingSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  percentage: z.number(),
  specialtyId: z.uuid().nullable(),
  specialtyName: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  /** Every edit adds one; payments keep the version they were booked with. */
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CommissionSetting = z.infer<typeof commissionSettingSchema>;

export const commissionListSchema = z.object({
  items: z.array(commissionSettingSchema),
  /** What a booking pays when no rule is active: the spec's 10 %. */
  fallbackPercentage: z.number(),
});
export type CommissionList = z.infer<typeof commissionListSchema>;

export const commissionIdParamsSchema = z.object({ id: z.uuid({ error: M.notFound }) });

export const commissionVersionSchema = z.object({
  version: z.number().int(),
  name: z.string(),
  percentage: z.number(),
  specialtyId: z.uuid().nullable(),
  specialtyName: z.string().nullable(),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  changedBy: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type CommissionVersion = z.infer<typeof commissionVersionSchema>;
export const commissionVersionListSchema = z.object({ items: z.array(commissionVersionSchema) });

/** Basis points (stored) ↔ percent (shown and typed). */
export const percentToBp = (percentage: number) => Math.round(percentage * 100);
export const bpToPercent = (bp: number) => bp / 100;
