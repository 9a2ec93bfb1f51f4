import './zod-setup.ts';
import { z } from 'zod';
import { BRAZIL_STATE_CODES } from '../constants/brazil-states.ts';
import { MAX_CONSULTATION_PRICE } from '../constants/business.ts';
import { APPOINTMENT_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from '../constants/statuses.ts';
import { APPOINTMENT_ACTIONS } from '../lifecycle/appointment-lifecycle.ts';
import {
  boundedInt,
  calendarDateSchema,
  INPUT_MESSAGES,
  instantSchema,
  MAX_PAGE,
  pageQuerySchema,
  pageResultSchema,
} from './common.ts';
import { ratingSummarySchema } from './reviews.ts';

/** Booking, paying, answering, cancelling and moving consultations. */

export const APPOINTMENT_MESSAGES = {
  slotTaken: 'Este horário acabou de ser reservado. Escolha outro.',
  slotUnavailable: 'Este horário não está disponível. Escolha outro.',
  patientBusy: 'Você já tem uma consulta neste horário.',
  policyRequired: 'Você precisa aceitar a política de cancelamento',
  methodRequired: 'Escolha a forma de pagamento',
  boletoTooSoon: 'Boleto só está disponível para consultas com pelo menos 3 dias de antecedência.',
  notesTooLong: 'O motivo da consulta pode ter no máximo 1000 caracteres',
  reasonTooLong: 'O motivo pode ter no máximo 500 caracteres',
  transferReferenceRequired: 'Informe o identificador da transferência PIX',
  transferReferenceTooLong: 'O identificador pode ter no máximo 100 caracteres',
  noTransferOwed: 'Não há reembolso por transferência pendente nesta consulta.',
  reasonRequired: 'Informe o motivo',
  notFound: 'Consulta não encontrada.',
  doctorNotFound: 'Médico não encontrado.',
  notPending: 'Esta solicitação já foi respondida.',
  cannotCancel: 'Esta consulta não pode mais ser cancelada.',
  cannotReschedule: 'Esta consulta não pode mais ser remarcada.',
  rescheduleStarted: 'A consulta já começou: não pode mais ser remarcada nem cancelada.',
  rescheduleNoRefundWindow:
    'Faltam menos de 24 horas para a consulta: ela não pode mais ser remarcada por você. Fale com o médico ou cancele sem reembolso.',
  tooManyReschedules: 'Esta consulta já foi remarcada 2 vezes e não pode ser remarcada de novo.',
  requestUnpaid: 'O pagamento desta solicitação não está garantido: ela não pode ser aceita.',
  patientBusyForDoctor: 'O paciente já tem outra consulta neste horário. Escolha outro.',
  tooManyRequests:
    'Você já tem 4 consultas aguardando pagamento ou resposta do médico. Aguarde uma resposta antes de agendar outra.',
  tooManyHolds:
    'Você já tem 2 reservas aguardando pagamento. Conclua ou cancele uma delas antes de agendar outra.',
  holdWithDoctor:
    'Você já tem uma reserva aguardando pagamento com este médico. Conclua o pagamento ou cancele-a antes de agendar outra.',
  cannotComplete: 'Só uma consulta confirmada pode ser marcada como concluída.',
  notPayable: 'Este pagamento não pode mais ser feito. Agende novamente.',
  cardNumberInvalid: 'Número do cartão inválido',
  holdExpired: 'A reserva deste horário expirou. Escolha outro horário.',
  doctorOnly: 'Apenas médicos podem responder a solicitações.',
  ownAppointment: 'Você não pode agendar uma consulta consigo mesmo.',
  respondFailed: 'Falha ao responder ao agendamento',
  addressRequired: 'Informe o endereço de cobrança para pagar com boleto.',
  postalCodeInvalid: 'CEP inválido. Use 8 dígitos.',
  streetRequired: 'Informe a rua',
  numberRequired: 'Informe o número',
  districtRequired: 'Informe o bairro',
  cityRequired: 'Informe a cidade',
  stateRequired: 'Selecione o estado',
  addressTooLong: 'Texto longo demais',
} as const;

const addressLine = (required: string, max: number) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(max, { error: APPOINTMENT_MESSAGES.addressTooLong });

/**
 * The payer's billing address. A boleto carries it by law (the "boleto registrado" names the
 * payer with CPF and address), so paying by boleto asks for it; it is kept on the patient's profile
 * for the next time.
 */
export const billingAddressSchema = z.object({
  postalCode: z
    .string({ error: APPOINTMENT_MESSAGES.postalCodeInvalid })
    .transform((v) => v.replace(/\D/g, ''))
    .refine((v) => v.length === 8, { error: APPOINTMENT_MESSAGES.postalCodeInvalid }),
  street: addressLine(APPOINTMENT_MESSAGES.streetRequired, 200),
  number: addressLine(APPOINTMENT_MESSAGES.numberRequired, 20),
  complement: z
    .string()
    .trim()
    .max(100, { error: APPOINTMENT_MESSAGES.addressTooLong })
    .optional()
    .transform((v) => v || undefined),
  district: addressLine(APPOINTMENT_MESSAGES.districtRequired, 100),
  city: addressLine(APPOINTMENT_MESSAGES.cityRequired, 100),
  state: z.enum(BRAZIL_STATE_CODES, { error: APPOINTMENT_MESSAGES.stateRequired }),
});
export type BillingAddress = Omit<z.output<typeof billingAddressSchema>, 'complement'> & {
  complement?: string;
};
export type BillingAddressInput = z.input<typeof billingAddressSchema>;

/** The address kept from the patient's last boleto, to fill the form in again. */
export const storedBillingAddressSchema = z.object({
  billingAddress: z
    .object({
      postalCode: z.string(),
      street: z.string(),
      number: z.string(),
      complement: z.string().optional(),
      district: z.string(),
      city: z.string(),
      state: z.enum(BRAZIL_STATE_CODES),
    })
    .nullable(),
});

/** Fixed reasons the rules write; the spec's text for a doctor's rejection. */
export const CANCELLATION_REASONS = {
  doctorRejected: 'Médico indisponível',
  requestExpired: 'Solicitação não respondida pelo médico a tempo',
  holdExpired: 'Pagamento não concluído no prazo',
  doctorAbsent: 'O médico não entrou na consulta',
  paymentCanceled: 'O pagamento foi cancelado pela operadora do cartão',
} as const;

/**
 * The longest an unpaid boleto holds its slot, whatever its due date (a Friday's boleto is due on
 * Monday; the slot is freed before). A boleto paid after that is returned (decision 065).
 */
export const BOLETO_MAX_HOLD_HOURS = 48;
/** Unpaid holds a patient may have at once (and at most one per doctor). */
export const MAX_UNPAID_HOLDS = 2;
/** Bookings a patient may have waiting at once: unpaid holds and paid requests the doctor has not answered. */
export const MAX_PENDING_BOOKINGS = 4;
/** Booking requests a patient may send in BOOKING_RATE_WINDOW_MINUTES. */
export const BOOKING_RATE_LIMIT = 10;
export const BOOKING_RATE_WINDOW_MINUTES = 10;
/** Minutes an unpaid card or PIX booking holds its slot. */
export const HOLD_MINUTES = 15;
/** A paid boleto is returned by PIX transfer within this many business days (decision 064). */
export const BOLETO_REFUND_BUSINESS_DAYS = 2;
/** Boleto only for slots at least this many days ahead. */
export const BOLETO_MIN_DAYS_AHEAD = 3;
export { FREE_CANCELLATION_HOURS, MAX_RESCHEDULES } from '../lifecycle/appointment-lifecycle.ts';
/** A request the doctor has not answered within this many hours (or by 2 h before the start) expires. */
export const REQUEST_ANSWER_HOURS = 24;
export const REQUEST_ANSWER_BEFORE_START_HOURS = 2;
/** The least time a doctor has to answer a request paid at the last moment of its hold. */
export const REQUEST_MIN_ANSWER_MINUTES = 30;
/**
 * A new request's slot starts at least this long after now, whatever the doctor's own notice: the
 * hold, then the doctor's answer, which is due 2 h before the start (decision 063).
 */
export const REQUEST_MIN_LEAD_MINUTES =
  HOLD_MINUTES + REQUEST_MIN_ANSWER_MINUTES + REQUEST_ANSWER_BEFORE_START_HOURS * 60;

export const appointmentIdParamsSchema = z.object({
  id: z.uuid({ error: APPOINTMENT_MESSAGES.notFound }),
});

const reasonSchema = z
  .string()
  .trim()
  .max(500, { error: APPOINTMENT_MESSAGES.reasonTooLong })
  .optional()
  .transform((v) => v || undefined);

export const bookingInputSchema = z.object({
  doctorId: z.uuid({ error: APPOINTMENT_MESSAGES.doctorNotFound }),
  startsAt: instantSchema(APPOINTMENT_MESSAGES.slotUnavailable),
  notes: z
    .string()
    .trim()
    .max(1000, { error: APPOINTMENT_MESSAGES.notesTooLong })
    .optional()
    .transform((v) => v || undefined),
  method: z.enum(PAYMENT_METHODS, { error: APPOINTMENT_MESSAGES.methodRequired }),
  /** Deaf or hard of hearing: the doctor is told to caption their speech and to use the chat (decision 115). */
  captions: z.boolean().optional(),
  acceptPolicy: z.literal(true, { error: APPOINTMENT_MESSAGES.policyRequired }),
  /** Boleto only; without it the address saved on the profile is used. */
  billingAddress: billingAddressSchema.optional(),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const paymentInstructionsSchema = z.object({
  pix: z.object({ payload: z.string(), qrSvg: z.string(), expiresAt: z.string() }).optional(),
  boleto: z
    .object({ digitableLine: z.string(), dueDate: z.string(), pdfUrl: z.string().optional() })
    .optional(),
  /** Stripe: the PaymentIntent's client secret and the account's publishable key, for Elements. */
  clientSecret: z.string().optional(),
  publishableKey: z.string().optional(),
});

export const paymentSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number().int(),
  provider: z.string(),
  /** The built-in test environment: the checkout says so and offers "Simular pagamento". */
  sandbox: z.boolean(),
  /** Card: waiting for the card (or its second step); false once authorised, paid or failed. */
  needsCard: z.boolean(),
  needsSecondStep: z.boolean(),
  instructions: paymentInstructionsSchema.nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  refund: z
    .object({
      amount: z.number().int(),
      reason: z.string(),
      createdAt: z.string(),
      /** awaiting_transfer: a paid boleto, owed by PIX transfer until the team records it. */
      status: z.enum(['done', 'awaiting_transfer']),
      settledAt: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentDto = z.infer<typeof paymentSchema>;

const personSchema = z.object({ id: z.uuid(), name: z.string(), email: z.string() });

export const appointmentSchema = z.object({
  id: z.uuid(),
  status: z.enum(APPOINTMENT_STATUSES),
  startsAt: z.string(),
  endsAt: z.string(),
  /** The doctor's zone, for "horário de Brasília" notes when the viewer's differs. */
  timeZone: z.string(),
  price: z.number().int(),
  notes: z.string().nullable(),
  /** The patient asked at booking for captions or a written conversation (decision 115). */
  captionsRequested: z.boolean(),
  cancellationReason: z.string().nullable(),
  canceledBy: z.enum(['patient', 'doctor', 'admin', 'system']).nullable(),
  holdExpiresAt: z.string().nullable(),
  /** Whether the booking ever reached the doctor (false for a hold that was never paid or requested). */
  reachedDoctor: z.boolean(),
  respondBy: z.string().nullable(),
  /** When the patient accepted the cancellation policy, at booking. */
  policyAcceptedAt: z.string().nullable(),
  /** Until when the patient's cancellation is refunded in full: fixed at confirmation, kept by a doctor's move. */
  freeCancellationUntil: z.string().nullable(),
  rescheduleCount: z.number().int(),
  /** What this viewer may do now (the lifecycle's table); screens show only these. */
  actions: z.array(z.enum(APPOINTMENT_ACTIONS)),
  /** When the clock alone next changes `actions` or the room: ask again then. */
  nextChangeAt: z.string().nullable(),
  createdAt: z.string(),
  doctor: personSchema.extend({
    doctorId: z.uuid(),
    slug: z.string().nullable(),
    specialty: z.string().nullable(),
    crm: z.string().nullable(),
  }),
  patient: personSchema,
  payment: paymentSchema.nullable(),
});
export type AppointmentDto = z.infer<typeof appointmentSchema>;

export const bookingResultSchema = z.object({ appointment: appointmentSchema });

/** 409 of a lost race: the nearest free slots of the same doctor, to offer at once. */
export const slotTakenSchema = z.object({
  message: z.string(),
  code: z.literal('slot_taken'),
  nearest: z.array(z.object({ start: z.string(), end: z.string() })),
});

export const cardInputSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s.-]/g, ''))
    .pipe(z.string().regex(/^\d{13,19}$/, { error: APPOINTMENT_MESSAGES.cardNumberInvalid })),
});

export const cancelInputSchema = z.object({ reason: reasonSchema });
export const adminActionInputSchema = z.object({
  reason: z
    .string({ error: APPOINTMENT_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: APPOINTMENT_MESSAGES.reasonRequired })
    .max(500, { error: APPOINTMENT_MESSAGES.reasonTooLong }),
});
/** The team records the PIX transfer that returned a boleto (its end-to-end id or receipt number). */
export const refundTransferInputSchema = z.object({
  reference: z
    .string({ error: APPOINTMENT_MESSAGES.transferReferenceRequired })
    .trim()
    .min(1, { error: APPOINTMENT_MESSAGES.transferReferenceRequired })
    .max(100, { error: APPOINTMENT_MESSAGES.transferReferenceTooLong }),
});
export const rescheduleInputSchema = z.object({
  startsAt: instantSchema(APPOINTMENT_MESSAGES.slotUnavailable),
});

/** What cancelling now would mean, shown before the user confirms. */
export const cancellationPreviewSchema = z.object({
  refund: z.enum(['full', 'none']),
  amount: z.number().int(),
  /** Until when a patient's cancellation is refunded in full. */
  freeUntil: z.string(),
});
export type CancellationPreview = z.infer<typeof cancellationPreviewSchema>;

export const PATIENT_APPOINTMENT_SCOPES = ['upcoming', 'past'] as const;
export const patientAppointmentsQuerySchema = pageQuerySchema.extend({
  scope: z.enum(PATIENT_APPOINTMENT_SCOPES).default('upcoming'),
});

/** The spec's filter on the doctor's request cards. */
export const DOCTOR_REQUEST_FILTERS = ['all', 'pending', 'accepted', 'rejected'] as const;
export const doctorAppointmentsQuerySchema = pageQuerySchema.extend({
  filter: z.enum(DOCTOR_REQUEST_FILTERS).default('all'),
});

export const adminAppointmentsQuerySchema = pageQuerySchema.extend({
  status: z.enum(APPOINTMENT_STATUSES).optional(),
  from: calendarDateSchema().optional(),
  to: calendarDateSchema().optional(),
});

export const appointmentPageSchema = pageResultSchema(appointmentSchema);
/** What happened to a payment, in order, as the patient reads it (decision 083). */
export const PAYMENT_STEP_KINDS = [
  'authorized',
  'paid',
  'failed',
  'refunded',
  'refund_owed',
  'transferred',
] as const;
export const paymentStepSchema = z.object({
  kind: z.enum(PAYMENT_STEP_KINDS),
  at: z.string(),
  /** Centavos moved by this step (a refund's part); null when it is the whole payment's. */
  amount: z.number().int().nullable(),
  reason: z.string().nullable(),
});
export type PaymentStep = z.infer<typeof paymentStepSchema>;

export const paymentPageSchema = pageResultSchema(
  paymentSchema.extend({
    startsAt: z.string(),
    doctorName: z.string(),
    timeline: z.array(paymentStepSchema),
  }),
);

/** "Agendar consulta": approved doctors with their next free slots. */
export const BOOKING_SEARCH_SORTS = ['next', 'price', 'name', 'rating'] as const;
export const bookingSearchQuerySchema = z.object({
  /** Specialty slug. */
  specialty: z.string().trim().max(120).optional(),
  /** Part of the doctor's name. */
  q: z.string().trim().max(100).optional(),
  /** Centavos. */
  minPrice: boundedInt(0, MAX_CONSULTATION_PRICE, INPUT_MESSAGES.invalidPrice).optional(),
  maxPrice: boundedInt(0, MAX_CONSULTATION_PRICE, INPUT_MESSAGES.invalidPrice).optional(),
  /** "disponível a partir de": only slots from this date (the doctor's calendar). */
  from: calendarDateSchema().optional(),
  sort: z.enum(BOOKING_SEARCH_SORTS).default('next'),
  page: boundedInt(1, MAX_PAGE, INPUT_MESSAGES.invalidPage).default(1),
  pageSize: boundedInt(1, 50, INPUT_MESSAGES.invalidPageSize).default(10),
});
export type BookingSearchQuery = z.input<typeof bookingSearchQuerySchema>;

export const bookableDoctorSchema = z.object({
  /** Doctor profile id: what booking and the slot endpoint take. */
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  photoUrl: z.string().nullable(),
  specialty: z.string().nullable(),
  crm: z.string(),
  price: z.number().int(),
  consultationMinutes: z.number().int(),
  timeZone: z.string(),
  /** Up to 3 next free slots from `from` (or now). */
  nextSlots: z.array(z.object({ start: z.string(), end: z.string() })),
  rating: ratingSummarySchema,
});
export type BookableDoctor = z.infer<typeof bookableDoctorSchema>;
export const bookableDoctorPageSchema = pageResultSchema(bookableDoctorSchema);
