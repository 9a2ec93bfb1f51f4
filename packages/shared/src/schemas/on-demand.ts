import './zod-setup.ts';
import { z } from 'zod';
import { MAX_CONSULTATION_PRICE } from '../constants/business.ts';
import { PAYMENT_STATUSES } from '../constants/statuses.ts';
import { RED_FLAG_IDS } from '../on-demand/triage.ts';

/** Pronto atendimento: a specialty's on-demand queue (decision 143). */

export const ON_DEMAND_MESSAGES = {
  notOffered: 'Esta especialidade não tem pronto atendimento.',
  disabled: 'O pronto atendimento desta especialidade está fechado no momento.',
  closedHours: 'O pronto atendimento está fora do horário.',
  noDoctor: 'Nenhum médico de plantão agora. Tente novamente em alguns minutos.',
  full: 'Fila cheia no momento — tente novamente em alguns minutos.',
  overGuarantee:
    'A espera agora passaria do tempo máximo garantido. Fila cheia no momento — tente novamente em alguns minutos.',
  emergency:
    'Seus sintomas precisam de atendimento de emergência. Ligue para o SAMU 192 ou vá ao pronto-socorro mais próximo.',
  complaintRequired: 'Descreva o que você está sentindo',
  complaintTooShort: 'Descreva o que você está sentindo em pelo menos 10 caracteres',
  complaintTooLong: 'A descrição pode ter no máximo 1000 caracteres',
  redFlagsRequired: 'Responda a todas as perguntas de sinais de alerta',
  termsRequired: 'Você precisa aceitar os termos do pronto atendimento',
  specialtyRequired: 'Escolha a especialidade',
  methodInvalid: 'Escolha cartão de crédito ou PIX',
  alreadyWaiting: 'Você já está na fila do pronto atendimento.',
  ticketNotFound: 'Atendimento não encontrado.',
  cannotLeave: 'Você já foi chamado: não é mais possível sair da fila.',
  cannotAttach: 'Só é possível enviar arquivos enquanto você aguarda na fila. Depois, envie pela consulta.',
  notOnDuty: 'Você não está de plantão.',
  noOnDemandSpecialty: 'Sua especialidade não tem pronto atendimento.',
  notApproved: 'Só médicos com cadastro aprovado podem entrar de plantão.',
  alreadyHolding:
    'Você já tem um paciente do pronto atendimento. Encerre o atendimento antes de chamar o próximo.',
  queueEmpty: 'Não há pacientes aguardando.',
  bookedNow:
    'Você tem uma consulta agendada neste horário. Atenda a consulta agendada antes de chamar o próximo.',
  priceInvalid: 'Informe um preço entre R$ 1,00 e R$ 10.000,00',
  maxWaitInvalid: 'O tempo máximo de espera deve ficar entre 10 e 240 minutos',
  capacityInvalid: 'A capacidade deve ficar entre 1 e 10.000 pacientes',
  consultationMinutesInvalid: 'A duração média deve ficar entre 5 e 60 minutos',
  hoursInvalid: 'Horário inválido: use HH:mm, com o fim depois do início',
  reasonRequired: 'Informe o motivo',
  saved: 'Pronto atendimento salvo.',
} as const;

const M = ON_DEMAND_MESSAGES;

export { ON_DEMAND_JOIN_MINUTES } from '../lifecycle/appointment-lifecycle.ts';

/** Why a waiting patient left the queue without a consultation. */
export const ON_DEMAND_CANCELLATION_REASONS = {
  left: 'Saiu da fila antes de ser chamado',
  timeout: 'Nenhum médico atendeu dentro do tempo máximo garantido',
  queueClosed: 'A fila do pronto atendimento foi encerrada',
  missedCall: 'O paciente não entrou na sala em 5 minutos após ser chamado',
} as const;

const hhmm = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, { error: M.hoursInvalid });

export const openingWindowSchema = z
  .object({
    weekday: z.number().int().min(0).max(6),
    from: hhmm,
    to: hhmm,
  })
  .refine((w) => w.from < w.to, { error: M.hoursInvalid });

/** What an admin sets for a specialty's queue. Amounts in centavos. */
export const onDemandServiceInputSchema = z.object({
  enabled: z.boolean(),
  price: z
    .number({ error: M.priceInvalid })
    .int({ error: M.priceInvalid })
    .min(100, { error: M.priceInvalid })
    .max(MAX_CONSULTATION_PRICE, { error: M.priceInvalid }),
  maxWaitMinutes: z
    .number({ error: M.maxWaitInvalid })
    .int({ error: M.maxWaitInvalid })
    .min(10, { error: M.maxWaitInvalid })
    .max(240, { error: M.maxWaitInvalid }),
  capacity: z
    .number({ error: M.capacityInvalid })
    .int({ error: M.capacityInvalid })
    .min(1, { error: M.capacityInvalid })
    .max(10_000, { error: M.capacityInvalid }),
  consultationMinutes: z
    .number({ error: M.consultationMinutesInvalid })
    .int({ error: M.consultationMinutesInvalid })
    .min(5, { error: M.consultationMinutesInvalid })
    .max(60, { error: M.consultationMinutesInvalid }),
  hours: z.array(openingWindowSchema).max(50, { error: M.hoursInvalid }),
});
export type OnDemandServiceInput = z.infer<typeof onDemandServiceInputSchema>;

export const specialtyIdParamsSchema = z.object({ specialtyId: z.uuid({ error: M.notOffered }) });
export const ticketIdParamsSchema = z.object({ id: z.uuid({ error: M.ticketNotFound }) });

export const closeQueueInputSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(1, { error: M.reasonRequired })
    .max(500, { error: M.reasonRequired }),
});

const etaSchema = z.object({ low: z.number().int(), high: z.number().int() });

/** A specialty's on-demand service as the patient sees it before joining. */
export const onDemandOfferSchema = z.object({
  specialtyId: z.uuid(),
  specialtyName: z.string(),
  price: z.number().int(),
  maxWaitMinutes: z.number().int(),
  openNow: z.boolean(),
  /** Next opening when closed now (ISO), null when open or without hours. */
  nextOpening: z.string().nullable(),
  hours: z.array(openingWindowSchema),
  doctorsOnDuty: z.number().int(),
  waiting: z.number().int(),
  /** The forecast for someone joining now; null: "sem previsão". */
  eta: etaSchema.nullable(),
  /** Minutes an on-demand consultation usually lasts here (the figure the forecast starts from). */
  averageMinutes: z.number().int(),
  /** Why joining would be refused now (the message to show), null when it is open to join. */
  refusal: z.string().nullable(),
});
export type OnDemandOffer = z.infer<typeof onDemandOfferSchema>;

export const onDemandOffersSchema = z.object({ offers: z.array(onDemandOfferSchema) });

/** How an on-demand wait is paid: a card held until the call, or a PIX paid now (decision 143). */
export const ON_DEMAND_METHODS = ['card', 'pix'] as const;
export type OnDemandMethod = (typeof ON_DEMAND_METHODS)[number];

/** Joining: the complaint, every red-flag answer, the terms, and how the wait is paid. */
export const joinQueueInputSchema = z.object({
  specialtyId: z.uuid({ error: M.specialtyRequired }),
  complaint: z
    .string({ error: M.complaintRequired })
    .trim()
    .min(1, { error: M.complaintRequired })
    .min(10, { error: M.complaintTooShort })
    .max(1000, { error: M.complaintTooLong }),
  redFlags: z.record(z.enum(RED_FLAG_IDS), z.boolean(), { error: M.redFlagsRequired }),
  captions: z.boolean().optional(),
  /** Card when left out: the page asked only for a card before PIX was offered. */
  method: z.enum(ON_DEMAND_METHODS, { error: M.methodInvalid }).default('card'),
  acceptTerms: z.literal(true, { error: M.termsRequired }),
});
export type JoinQueueInput = z.output<typeof joinQueueInputSchema>;

export const TICKET_STAGES = [
  /** Joined; the card is not held (or the PIX not paid) yet. */
  'awaiting_payment',
  /** Card held or PIX paid: in line. */
  'waiting',
  /** A doctor took the case: come into the room. */
  'called',
  'in_consultation',
  'completed',
  'left',
  'refunded_timeout',
  'refunded_closed',
  'no_show',
  /** Ended otherwise: payment not completed, card withdrawn, canceled by the team. */
  'ended',
] as const;
export type TicketStage = (typeof TICKET_STAGES)[number];

export const onDemandFileSchema = z.object({
  /** The chat message holding it: /api/consultations/:id/messages/:messageId/file once called. */
  id: z.uuid(),
  name: z.string(),
  mime: z.string(),
  size: z.number().int(),
});
export type OnDemandFile = z.infer<typeof onDemandFileSchema>;

/** The patient's place in the queue: the waiting screen. */
export const ticketSchema = z.object({
  id: z.uuid(),
  stage: z.enum(TICKET_STAGES),
  specialtyId: z.uuid(),
  specialtyName: z.string(),
  price: z.number().int(),
  complaint: z.string(),
  joinedAt: z.string(),
  /** Card held or PIX paid at; the line and the guarantee count from here. */
  queuedAt: z.string().nullable(),
  /** Unpaid: the card must be held by then. */
  payBy: z.string().nullable(),
  /** No doctor by then: the money goes back. */
  guaranteeUntil: z.string().nullable(),
  maxWaitMinutes: z.number().int(),
  /** 1 = next. Null when not waiting. */
  position: z.number().int().nullable(),
  eta: etaSchema.nullable(),
  doctorsOnDuty: z.number().int(),
  averageMinutes: z.number().int(),
  calledAt: z.string().nullable(),
  /** Called: come into the room by then. */
  joinBy: z.string().nullable(),
  doctorName: z.string().nullable(),
  payment: z
    .object({
      id: z.uuid(),
      method: z.enum(ON_DEMAND_METHODS),
      status: z.enum(PAYMENT_STATUSES),
      amount: z.number().int(),
      /** The built-in test environment: the PIX can be marked paid by "Simular pagamento". */
      sandbox: z.boolean(),
      /** PIX: the charge to pay (QR Code, copia e cola) and until when. */
      pix: z.object({ payload: z.string(), qrSvg: z.string(), expiresAt: z.string() }).optional(),
      clientSecret: z.string().optional(),
      publishableKey: z.string().optional(),
      failureMessage: z.string().nullable(),
    })
    .nullable(),
  refundedAmount: z.number().int().nullable(),
  cancellationReason: z.string().nullable(),
  canLeave: z.boolean(),
  /** Photos and exams the patient sent with the complaint (kept in the consultation's chat). */
  files: z.array(onDemandFileSchema),
  /** Whether more may be sent now (waiting, before the call). */
  canAttach: z.boolean(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A waiting ticket's place as the line moves: what a waiting screen updates in the ticket it holds
 * (decision 143). Sent to the patient's own tabs only, often, so it carries just what changes.
 */
export const ticketPlaceSchema = z.object({
  ticketId: z.uuid(),
  /** 1 = next. */
  position: z.number().int().min(1),
  eta: etaSchema.nullable(),
  doctorsOnDuty: z.number().int(),
  averageMinutes: z.number().int(),
});
export type TicketPlace = z.infer<typeof ticketPlaceSchema>;

export const currentTicketSchema = z.object({ ticket: ticketSchema.nullable() });

/** The doctor's duty panel ("Plantão"). */
export const dutySchema = z.object({
  /** The doctor's specialty offers on-demand care. */
  offered: z.boolean(),
  specialtyId: z.uuid().nullable(),
  specialtyName: z.string().nullable(),
  onDuty: z.boolean(),
  onDutySince: z.string().nullable(),
  waiting: z.number().int(),
  doctorsOnDuty: z.number().int(),
  /** The on-demand consultation the doctor holds now (called, under way). */
  current: z
    .object({
      appointmentId: z.uuid(),
      patientName: z.string(),
      complaint: z.string(),
      calledAt: z.string(),
      captionsRequested: z.boolean(),
      files: z.array(onDemandFileSchema),
    })
    .nullable(),
});
export type Duty = z.infer<typeof dutySchema>;

export const dutyInputSchema = z.object({ onDuty: z.boolean() });

/** An admin's view of one specialty: its settings and its live queue board. */
export const onDemandBoardRowSchema = z.object({
  specialtyId: z.uuid(),
  specialtyName: z.string(),
  service: onDemandServiceInputSchema.nullable(),
  openNow: z.boolean(),
  waiting: z.number().int(),
  onDuty: z.number().int(),
  /** Last 24 h, minutes, of those called. Null without any. */
  medianWait: z.number().nullable(),
  p90Wait: z.number().nullable(),
  joined: z.number().int(),
  /** Left before being called (last 24 h). */
  abandoned: z.number().int(),
  refundsByTimeout: z.number().int(),
  /** Median relative error of the forecast shown at joining, of those called (last 24 h); 0.25 = 25 %. */
  etaError: z.number().nullable(),
});
export type OnDemandBoardRow = z.infer<typeof onDemandBoardRowSchema>;
export const onDemandBoardSchema = z.object({ rows: z.array(onDemandBoardRowSchema) });
