import './zod-setup.ts';
import { z } from 'zod';
import { APPOINTMENT_STATUSES } from '../constants/statuses.ts';
import { reviewStateSchema } from './reviews.ts';

/** The consultation room: who may be in it and when, consent, presence, signalling, chat, ending. */

/** The room opens this long before the start, and stays open this long after the end. */
export const ROOM_OPENS_MINUTES_BEFORE = 10;
export const ROOM_STAYS_OPEN_MINUTES_AFTER = 60;
/** The doctor may mark a no-show this long after the start if the patient never came in. */
export const NO_SHOW_AFTER_MINUTES = 15;
/** A consultation nobody ended is closed by the rules this long after its end (decision 077). */
export const UNENDED_CLOSE_AFTER_HOURS = 3;
export const CHAT_MAX_LENGTH = 2000;
/**
 * What one consultation's chat holds at most (decision 077): messages (files included), files, and
 * the files' total size; and what one person may send in it per minute.
 */
export const CONSULTATION_MAX_MESSAGES = 500;
export const CONSULTATION_MAX_FILES = 20;
export const CONSULTATION_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const CHAT_MESSAGES_PER_MINUTE = 30;
export const CHAT_FILES_PER_MINUTE = 5;
export const COMPLETION_NOTES_MAX_LENGTH = 4000;

export const CONSULTATION_MESSAGES = {
  notFound: 'Consulta não encontrada.',
  notConfirmed: 'A sala abre apenas para consultas confirmadas.',
  tooEarly: 'A sala ainda não abriu. Ela abre 10 minutos antes do horário da consulta.',
  closed: 'O horário desta consulta já terminou.',
  ended: 'Esta consulta já foi encerrada.',
  consentRequired: 'Aceite o termo de consentimento para entrar na consulta.',
  consentPatientOnly: 'Apenas o paciente aceita o termo de consentimento.',
  doctorOnly: 'Apenas o médico pode encerrar a consulta.',
  noShowTooSoon:
    'O não comparecimento só pode ser registrado 15 minutos após o início, se o paciente não entrou.',
  patientCame: 'O paciente entrou na sala: encerre a consulta como concluída.',
  cannotComplete: 'Só uma consulta confirmada ou em andamento pode ser concluída.',
  completeTooSoon: 'A consulta só pode ser concluída depois que a sala abrir.',
  patientNeverCame:
    'O paciente não entrou na sala: a consulta não pode ser concluída. Registre o não comparecimento 15 minutos após o início.',
  messageRequired: 'Escreva uma mensagem',
  messageTooLong: 'A mensagem pode ter no máximo 2000 caracteres',
  notesTooLong: 'As orientações podem ter no máximo 4000 caracteres',
  fileNotFound: 'Arquivo não encontrado.',
  tooManyMessages: 'Você enviou muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
  tooManyFiles: 'Você enviou muitos arquivos em pouco tempo. Aguarde um minuto e tente novamente.',
  messageQuota: 'Esta consulta atingiu o limite de 500 mensagens no chat.',
  fileQuota: 'Esta consulta atingiu o limite de arquivos: no máximo 20 arquivos e 50 MB no total.',
} as const;

/** Why joining is refused right now; null when the room is open to this person. */
export const ROOM_REFUSALS = ['not_confirmed', 'too_early', 'closed', 'ended', 'consent_required'] as const;
export type RoomRefusal = (typeof ROOM_REFUSALS)[number];

export const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

/** GET /api/consultations/:id — the room as this person sees it. */
export const consultationRoomSchema = z.object({
  appointmentId: z.uuid(),
  role: z.enum(['patient', 'doctor']),
  myUserId: z.uuid(),
  otherUserId: z.uuid(),
  otherName: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(APPOINTMENT_STATUSES),
  opensAt: z.string(),
  closesAt: z.string(),
  refusal: z.enum(ROOM_REFUSALS).nullable(),
  /** The refusal in Portuguese, for the page. */
  refusalMessage: z.string().nullable(),
  /** The patient's acceptance of the current consent version exists. */
  consentGiven: z.boolean(),
  consent: z.object({ version: z.string(), text: z.string() }),
  otherPresent: z.boolean(),
  noShowAllowed: z.boolean(),
  noShowFrom: z.string(),
  iceServers: z.array(iceServerSchema),
  completionNotes: z.string().nullable(),
  canReview: z.boolean(),
  /** The patient's review of this consultation and where moderation stands; null before one. */
  review: reviewStateSchema.nullable(),
});
export type ConsultationRoom = z.infer<typeof consultationRoomSchema>;

export const consultationIdParamsSchema = z.object({
  id: z.uuid({ error: CONSULTATION_MESSAGES.notFound }),
});

export const consentAcceptanceSchema = z.object({
  version: z.string(),
  text: z.string(),
  acceptedAt: z.string(),
});
export const consentStatusSchema = z.object({ acceptance: consentAcceptanceSchema.nullable() });
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

export const chatMessageSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  senderId: z.uuid(),
  senderName: z.string(),
  /** Empty when the message is a file alone. */
  body: z.string(),
  /** A file shared in the room, opened through its authorised address. */
  file: z
    .object({
      name: z.string(),
      mimeType: z.string(),
      size: z.number().int(),
      url: z.string(),
    })
    .nullable(),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export const chatMessageListSchema = z.object({ items: z.array(chatMessageSchema) });

export const chatMessageInputSchema = z.object({
  body: z
    .string({ error: CONSULTATION_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: CONSULTATION_MESSAGES.messageRequired })
    .max(CHAT_MAX_LENGTH, { error: CONSULTATION_MESSAGES.messageTooLong }),
});

export const chatFileParamsSchema = z.object({
  id: z.uuid({ error: CONSULTATION_MESSAGES.notFound }),
  messageId: z.uuid({ error: CONSULTATION_MESSAGES.fileNotFound }),
});

export const completeInputSchema = z.object({
  notes: z
    .string()
    .trim()
    .max(COMPLETION_NOTES_MAX_LENGTH, { error: CONSULTATION_MESSAGES.notesTooLong })
    .optional()
    .transform((v) => v || undefined),
});

/**
 * A WebRTC description or candidate, relayed as is to the other party, with the id of the call it
 * belongs to (the doctor's connection; a signal of a replaced call is dropped by the browser).
 */
export const rtcSignalSchema = z
  .object({
    call: z.string().min(1).max(64),
    description: z
      .object({
        type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
        sdp: z.string().max(60_000).optional(),
      })
      .optional(),
    candidate: z
      .object({
        candidate: z.string().max(2_000).optional(),
        sdpMid: z.string().max(100).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(65_535).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .optional(),
  })
  .refine((s) => !!s.description !== !!s.candidate);

/**
 * A line of live captions: what one participant's browser recognised of their speech, sent to the
 * other (decision 115). `id` names the utterance, so its interim words are replaced by its final
 * ones; relayed, never kept.
 */
export const CAPTION_MAX_LENGTH = 500;
export const captionSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(CAPTION_MAX_LENGTH),
  final: z.boolean(),
});
export type Caption = z.infer<typeof captionSchema>;

/** Live events of the room (server → the other party). */
export const consultationLiveEvents = [
  z.object({
    type: z.literal('consultation.presence'),
    appointmentId: z.uuid(),
    userId: z.uuid(),
    present: z.boolean(),
  }),
  z.object({
    type: z.literal('consultation.signal'),
    appointmentId: z.uuid(),
    from: z.uuid(),
    signal: rtcSignalSchema,
  }),
  z.object({ type: z.literal('consultation.message'), message: chatMessageSchema }),
  z.object({
    type: z.literal('consultation.caption'),
    appointmentId: z.uuid(),
    from: z.uuid(),
    caption: captionSchema,
  }),
] as const;

/** Live messages of the room (client → server), each checked against the room's rules. */
export const consultationClientMessages = [
  z.object({
    type: z.literal('consultation.presence'),
    appointmentId: z.uuid(),
    action: z.enum(['join', 'heartbeat', 'leave']),
  }),
  z.object({ type: z.literal('consultation.signal'), appointmentId: z.uuid(), signal: rtcSignalSchema }),
  z.object({ type: z.literal('consultation.caption'), appointmentId: z.uuid(), caption: captionSchema }),
] as const;
