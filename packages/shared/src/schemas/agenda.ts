import './zod-setup.ts';
import { z } from 'zod';
import { calendarDateSchema } from './common.ts';

/** The doctor's agenda: weekly windows, date exceptions, booking rules and the slots they make. */

export const AGENDA_MESSAGES = {
  dayRequired: 'Selecione um dia da semana',
  startRequired: 'Defina um horário de início',
  endRequired: 'Defina um horário de término',
  endAfterStart: 'O horário de término deve ser depois do horário de início',
  overlap: 'Este horário já existe ou se sobrepõe a outro horário',
  windowNotFound: 'Horário não encontrado.',
  exceptionNotFound: 'Exceção não encontrada.',
  exceptionOverlap: 'Já existe uma exceção que cobre este período.',
  profileNotFound: 'Perfil do médico não encontrado',
  dateRequired: 'Informe a data',
  endDateRequired: 'Informe a data final',
  endDateAfterStart: 'A data final deve ser igual ou posterior à data inicial',
  rangeTooLong: 'O período pode ter no máximo 366 dias',
  pastDate: 'Escolha uma data a partir de hoje',
  kindRequired: 'Escolha o tipo de exceção',
  noteTooLong: 'A observação pode ter no máximo 200 caracteres',
  noticeRange: 'A antecedência mínima deve ficar entre 0 e 168 horas',
  horizonRange: 'O horizonte deve ficar entre 1 e 365 dias',
  invalidDate: 'Data inválida',
  invalidDays: 'Número de dias inválido',
} as const;

/** "HH:MM" (00:00–23:59); the database keeps a `time`, answered back as "HH:MM". */
const clock = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: requiredMessage });

/** A calendar date "yyyy-MM-dd" that exists, from 1900 to 2100 (common.ts). */
export const isoDateSchema = calendarDateSchema(AGENDA_MESSAGES.invalidDate);

/** Minutes since midnight of "HH:MM". */
export function clockMinutes(value: string): number {
  const [h, m] = value.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * The add form, checked in the spec's order: weekday, start, end, then end after start. Each rule
 * shows its own message under its field.
 */
export const availabilityWindowInputSchema = z
  .object({
    // A form's empty choice ("") means no day, never Sunday.
    dayOfWeek: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: AGENDA_MESSAGES.dayRequired })
        .int({ error: AGENDA_MESSAGES.dayRequired })
        .min(0, { error: AGENDA_MESSAGES.dayRequired })
        .max(6, { error: AGENDA_MESSAGES.dayRequired }),
    ),
    startTime: clock(AGENDA_MESSAGES.startRequired),
    endTime: clock(AGENDA_MESSAGES.endRequired),
  })
  .refine((w) => clockMinutes(w.endTime) > clockMinutes(w.startTime), {
    error: AGENDA_MESSAGES.endAfterStart,
    path: ['endTime'],
  });
export type AvailabilityWindowInput = z.infer<typeof availabilityWindowInputSchema>;

export const availabilityWindowSchema = z.object({
  id: z.uuid(),
  /** 0 = Sunday … 6 = Saturday. */
  dayOfWeek: z.number().int().min(0).max(6),
  startTime: z.string(),
  endTime: z.string(),
  isAvailable: z.boolean(),
});
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;

export const availabilityToggleSchema = z.object({
  isAvailable: z.boolean({ error: 'Informe se o horário fica ativo' }),
});

export const agendaIdParamsSchema = z.object({ id: z.uuid({ error: 'Item não encontrado.' }) });

export const EXCEPTION_KINDS = ['off', 'extra'] as const;
export type ExceptionKind = (typeof EXCEPTION_KINDS)[number];
export const MAX_EXCEPTION_DAYS = 366;

/**
 * A date exception: `off` removes the weekly hours of every date from startDate to endDate (a day
 * off when both are the same date, a vacation otherwise); `extra` adds hours on one date.
 */
export const agendaExceptionInputSchema = z
  .object({
    kind: z.enum(EXCEPTION_KINDS, { error: AGENDA_MESSAGES.kindRequired }),
    startDate: calendarDateSchema(AGENDA_MESSAGES.invalidDate, AGENDA_MESSAGES.dateRequired),
    // The form sends "" for the fields of the other kind; an off day without an end date ends on
    // its first date.
    endDate: z.union([z.literal(''), isoDateSchema], { error: AGENDA_MESSAGES.endDateRequired }).optional(),
    startTime: z.string().max(8, { error: AGENDA_MESSAGES.startRequired }).optional(),
    endTime: z.string().max(8, { error: AGENDA_MESSAGES.endRequired }).optional(),
    note: z.string().trim().max(200, { error: AGENDA_MESSAGES.noteTooLong }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'off') {
      const end = input.endDate || input.startDate;
      if (end < input.startDate) {
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.endDateAfterStart });
        return;
      }
      const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${input.startDate}T00:00:00Z`)) / 86_400_000;
      if (days + 1 > MAX_EXCEPTION_DAYS)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: AGENDA_MESSAGES.rangeTooLong });
      return;
    }
    const start = clock(AGENDA_MESSAGES.startRequired).safeParse(input.startTime ?? '');
    if (!start.success) {
      ctx.addIssue({ code: 'custom', path: ['startTime'], message: AGENDA_MESSAGES.startRequired });
      return;
    }
    const end = clock(AGENDA_MESSAGES.endRequired).safeParse(input.endTime ?? '');
    if (!end.success) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: AGENDA_MESSAGES.endRequired });
      return;
    }
    if (clockMinutes(end.data) <= clockMinutes(start.data))
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: AGENDA_MESSAGES.endAfterStart });
  });
export type AgendaExceptionInput = z.infer<typeof agendaExceptionInputSchema>;

export const agendaExceptionSchema = z.object({
  id: z.uuid(),
  kind: z.enum(EXCEPTION_KINDS),
  startDate: z.string(),
  endDate: z.string(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  note: z.string().nullable(),
});
export type AgendaException = z.infer<typeof agendaExceptionSchema>;

export const MAX_NOTICE_MINUTES = 7 * 24 * 60;
export const MAX_HORIZON_DAYS = 365;

export const agendaSettingsInputSchema = z.object({
  minNoticeMinutes: z.coerce
    .number({ error: AGENDA_MESSAGES.noticeRange })
    .int({ error: AGENDA_MESSAGES.noticeRange })
    .min(0, { error: AGENDA_MESSAGES.noticeRange })
    .max(MAX_NOTICE_MINUTES, { error: AGENDA_MESSAGES.noticeRange }),
  bookingHorizonDays: z.coerce
    .number({ error: AGENDA_MESSAGES.horizonRange })
    .int({ error: AGENDA_MESSAGES.horizonRange })
    .min(1, { error: AGENDA_MESSAGES.horizonRange })
    .max(MAX_HORIZON_DAYS, { error: AGENDA_MESSAGES.horizonRange }),
});
export type AgendaSettingsInput = z.infer<typeof agendaSettingsInputSchema>;

export const agendaSettingsSchema = agendaSettingsInputSchema.extend({
  consultationMinutes: z.number().int(),
  /** IANA zone the weekly windows are written in. */
  timeZone: z.string(),
});
export type AgendaSettings = z.infer<typeof agendaSettingsSchema>;

/** Everything the schedule page shows, in one answer. */
export const agendaSchema = z.object({
  settings: agendaSettingsSchema,
  windows: z.array(availabilityWindowSchema),
  /** Exceptions that end today or later (in the doctor's zone), soonest first. */
  exceptions: z.array(agendaExceptionSchema),
});
export type Agenda = z.infer<typeof agendaSchema>;

export const slotSchema = z.object({
  start: z.iso.datetime({ offset: true }),
  end: z.iso.datetime({ offset: true }),
  /** "HH:MM" on the doctor's clock. */
  time: z.string(),
});
export type SlotDto = z.infer<typeof slotSchema>;

export const slotDaySchema = z.object({
  /** "yyyy-MM-dd" on the doctor's calendar. */
  date: z.string(),
  slots: z.array(slotSchema),
});
export type SlotDay = z.infer<typeof slotDaySchema>;

export const PREVIEW_DAYS = 14;

export const slotDaysQuerySchema = z.object({
  /** First date (doctor's calendar); today when absent. */
  from: isoDateSchema.optional(),
  days: z.coerce
    .number({ error: AGENDA_MESSAGES.invalidDays })
    .int({ error: AGENDA_MESSAGES.invalidDays })
    .min(1, { error: AGENDA_MESSAGES.invalidDays })
    .max(62, { error: AGENDA_MESSAGES.invalidDays })
    .default(PREVIEW_DAYS),
});

export const slotDaysSchema = z.object({
  timeZone: z.string(),
  consultationMinutes: z.number().int(),
  /** Every date of the asked range, with its free slots (possibly none). */
  days: z.array(slotDaySchema),
});
export type SlotDays = z.infer<typeof slotDaysSchema>;

export const doctorIdParamsSchema = z.object({ doctorId: z.uuid({ error: 'Médico não encontrado.' }) });
