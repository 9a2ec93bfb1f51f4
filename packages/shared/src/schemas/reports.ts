import './zod-setup.ts';
import { z } from 'zod';
import { calendarDaysBetween } from '../format/calendar-date.ts';
import { calendarDateSchema } from './common.ts';
import { MONTH_PATTERN } from './earnings.ts';

/** The admin dashboard (/admin) and the monthly commission export (decision 084). */

export const REPORT_MESSAGES = {
  loadFailed: 'Falha ao carregar métricas do dashboard',
  periodOrder: 'A data final deve ser igual ou posterior à inicial.',
  periodTooLong: 'Escolha um período de até 5 anos.',
  invalidBucket: 'Agrupamento inválido: use semana ou mês.',
  invalidMonth: 'Mês inválido. Use o formato AAAA-MM.',
} as const;

/** The longest period the dashboard charts (5 years: 261 weeks at most). */
export const MAX_REPORT_DAYS = 5 * 366;
export const REPORT_BUCKETS = ['week', 'month'] as const;
export type ReportBucket = (typeof REPORT_BUCKETS)[number];

export const dashboardQuerySchema = z
  .object({
    /** First day, in Brazil's time (yyyy-MM-dd); default: the first day of the month 11 months ago. */
    from: calendarDateSchema().optional(),
    /** Last day, included; default: today. */
    to: calendarDateSchema().optional(),
    bucket: z.enum(REPORT_BUCKETS, { error: REPORT_MESSAGES.invalidBucket }).default('month'),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    const days = calendarDaysBetween(q.from, q.to);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.periodOrder });
    else if (days >= MAX_REPORT_DAYS)
      ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.periodTooLong });
  });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

const moneyPoint = z.object({
  /** The bucket's first day inside the period (yyyy-MM-dd). */
  start: z.string(),
  /** What patients paid. */
  gross: z.number().int(),
  /** Given back or owed back to patients. */
  refunds: z.number().int(),
  /** Pulsa's commission, net of refunds, lost disputes and provider fees. */
  commission: z.number().int(),
  /** Sent to doctors (created payouts, less failed ones). */
  payouts: z.number().int(),
});

const outcomePoint = z.object({
  start: z.string(),
  completed: z.number().int(),
  noShow: z.number().int(),
  canceledByPatient: z.number().int(),
  canceledByDoctor: z.number().int(),
  /** Rejected, expired unanswered, or canceled by the team. */
  canceledOther: z.number().int(),
  /** Not yet held: waiting for the doctor, confirmed or in progress. */
  upcoming: z.number().int(),
});

/** Pronto atendimento, apart from bookings: by the day the patient joined the line. */
const onDemandPoint = z.object({
  start: z.string(),
  /** Entered the line (card held). */
  joined: z.number().int(),
  completed: z.number().int(),
  noShow: z.number().int(),
  /** Left the line before being called. */
  left: z.number().int(),
  /** Released by the guarantee or a closed queue: nobody called them in time. */
  refunded: z.number().int(),
  /** What on-demand patients paid and kept paid: cards captured at the call, PIX received, less refunds. */
  gross: z.number().int(),
});

export const adminDashboardSchema = z.object({
  cards: z.object({
    doctorsCount: z.number().int(),
    patientsCount: z.number().int(),
    /** Consultations completed, all time. */
    appointmentsCount: z.number().int(),
    /** Pulsa's commission, all time, net of refunds, lost disputes and provider fees. */
    totalRevenue: z.number().int(),
  }),
  latestDoctors: z.array(
    z.object({
      id: z.uuid(),
      fullName: z.string(),
      specialty: z.string().nullable(),
      verificationStatus: z.enum(['pending', 'approved', 'rejected']),
      createdAt: z.iso.datetime(),
    }),
  ),
  latestPatients: z.array(
    z.object({ id: z.uuid(), fullName: z.string(), email: z.string(), createdAt: z.iso.datetime() }),
  ),
  period: z.object({ from: z.string(), to: z.string(), bucket: z.enum(REPORT_BUCKETS) }),
  money: z.array(moneyPoint),
  moneyTotals: moneyPoint.omit({ start: true }),
  outcomes: z.array(outcomePoint),
  onDemand: z.array(onDemandPoint),
  rates: z.object({
    /** Requested consultations starting in the period (paid or authorised). */
    requested: z.number().int(),
    canceled: z.number().int(),
    /** canceled / requested; null without requests. */
    cancellationRate: z.number().nullable(),
    noShow: z.number().int(),
    /** no-shows / (completed + no-shows); null when none was held. */
    noShowRate: z.number().nullable(),
  }),
  /** Specialties with the most completed consultations in the period (at most 5). */
  topSpecialties: z.array(
    z.object({ specialtyId: z.uuid().nullable(), name: z.string(), count: z.number().int() }),
  ),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

export const commissionExportQuerySchema = z.object({
  month: z
    .string({ error: REPORT_MESSAGES.invalidMonth })
    .regex(MONTH_PATTERN, { error: REPORT_MESSAGES.invalidMonth }),
});
