import './zod-setup.ts';
import { z } from 'zod';
import { APPOINTMENT_STATUSES, PAYMENT_STATUSES } from '../constants/statuses.ts';
import { clinicalLiveEvents } from './clinical-live.ts';
import { consultationClientMessages, consultationLiveEvents } from './consultations.ts';
import { messageLiveEvents } from './messages.ts';
import { notificationSchema } from './notifications.ts';
import { ticketPlaceSchema } from './on-demand.ts';
import { REVIEW_STATUSES } from './reviews.ts';

/**
 * The live connection: one WebSocket per signed-in tab (`LIVE_PATH`), authenticated by the session
 * cookie. The server sends events, each with the id it has in the database, so a tab that
 * reconnects asks for what came after the last one it saw.
 */
export const LIVE_PATH = '/api/live';

/**
 * Close codes the client reads: 4401 the session ended (sign in again); 4403 another site; 4409 the
 * user opened more live tabs than allowed and this, the oldest, was let go (reconnect only when the
 * tab is looked at again); 4429 the tab kept sending past its rate (reconnect with back-off); 1012
 * (WebSocket's "service restart") this instance is stopping — reconnect at once, another instance
 * answers (decision 131).
 */
export const LIVE_CLOSE = {
  restarting: 1012,
  /** The database could not answer the tab's catch-up: it tries again with back-off. */
  unavailable: 1011,
  sessionEnded: 4401,
  forbidden: 4403,
  tooManyConnections: 4409,
  tooManyMessages: 4429,
} as const;

/**
 * What one socket may send (decision 070): a token bucket of messages and one of bytes, refilled
 * continuously. A call's burst (a large offer, then dozens of candidates) fits; a message past the
 * bucket is refused with an `error` frame, and a socket refused this many times within 10 s is closed.
 */
export const LIVE_LIMITS = {
  /** Live sockets per user on one instance; the oldest is closed past it. */
  socketsPerUser: 10,
  burstMessages: 60,
  messagesPerSecond: 10,
  burstBytes: 256 * 1024,
  bytesPerSecond: 64 * 1024,
  refusalsBeforeClose: 20,
} as const;

export const LIVE_MESSAGES = {
  rateLimited: 'Muitas mensagens em pouco tempo. Aguarde um instante e tente novamente.',
} as const;

/** Seconds between heartbeats; a side that hears nothing for two of them takes the link as lost. */
export const LIVE_HEARTBEAT_SECONDS = 25;

/**
 * Admin lists kept live by `admin.changed`: the audit log, the specialties, the emails sent, the
 * reported messages.
 */
export const ADMIN_LIVE_AREAS = ['audit', 'specialties', 'emails', 'reports', 'on_demand'] as const;
export type AdminLiveArea = (typeof ADMIN_LIVE_AREAS)[number];

/** What an event can be. Every event concerns the users it was published to, and no one else. */
export const liveServerEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), notification: notificationSchema }),
  /**
   * An appointment or its payment changed, whoever changed it: sent to its patient, its doctor and
   * every admin in the transaction of the change, so each open screen refreshes what shows it.
   * `doctorId` is the doctor's profile id (the doctor's slots changed too).
   */
  z.object({
    type: z.literal('appointment.changed'),
    appointmentId: z.uuid(),
    /** Null while an on-demand patient waits in the queue (no doctor yet). */
    doctorId: z.uuid().nullable(),
    patientId: z.uuid(),
    status: z.enum(APPOINTMENT_STATUSES),
    paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  }),
  /**
   * A payout was created, paid or failed, or a doctor's payout account changed: sent to the doctor
   * and every admin, so the earnings page and the admin's Repasses list refresh. Null ids: a run
   * changed many at once.
   */
  z.object({
    type: z.literal('payout.changed'),
    doctorId: z.uuid().nullable(),
    payoutId: z.uuid().nullable(),
  }),
  /**
   * A review arrived or was moderated: sent to every admin (Avaliações refreshes) and to its patient
   * with the consultation (whose room says where the review stands); to the doctor only when the
   * published set changed, and without the consultation, which would name the author of an
   * anonymous review.
   */
  z.object({
    type: z.literal('review.changed'),
    reviewId: z.uuid(),
    status: z.enum(REVIEW_STATUSES),
    appointmentId: z.uuid().nullable(),
  }),
  /**
   * The platform settings changed (any tab of them): sent to every open tab, which reads the
   * platform's name, logo, theme and maintenance mode again, and an admin's settings screen its form.
   */
  z.object({ type: z.literal('platform.changed') }),
  /** Something an admin list shows changed: sent to every admin's open tabs, whose list of that area refreshes. */
  z.object({ type: z.literal('admin.changed'), area: z.enum(ADMIN_LIVE_AREAS) }),
  /** The patient's place in an on-demand queue moved (position, forecast): their waiting screen. */
  z.object({ type: z.literal('on_demand.place'), place: ticketPlaceSchema }),
  /** A doctor on duty: how many wait in their specialty's queue, and how many colleagues are on duty. */
  z.object({
    type: z.literal('on_demand.queue'),
    specialtyId: z.uuid(),
    waiting: z.number().int(),
    doctorsOnDuty: z.number().int(),
  }),
  ...consultationLiveEvents,
  ...messageLiveEvents,
  ...clinicalLiveEvents,
]);
export type LiveServerEvent = z.infer<typeof liveServerEventSchema>;
export type LiveEventType = LiveServerEvent['type'];

/** Server → client. */
export const liveFrameSchema = z.discriminatedUnion('kind', [
  /**
   * `id` is the event's row, for catching up after a reconnection; null for a transient event (a
   * call's signal), relayed once and never kept or caught up.
   */
  z.object({ kind: z.literal('event'), id: z.number().int().nullable(), event: liveServerEventSchema }),
  /** After `hello`: the missed events were sent; `lastEventId` is where the tab now stands. */
  z.object({ kind: z.literal('ready'), lastEventId: z.number().int() }),
  z.object({ kind: z.literal('pong') }),
  /** A message of the tab was refused (past its rate); the link stays up. */
  z.object({ kind: z.literal('error'), code: z.enum(['rate_limited']), message: z.string() }),
]);
export type LiveFrame = z.infer<typeof liveFrameSchema>;

/** Client → server. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  /** First message of every connection: the last event id this tab saw (null on a fresh page). */
  z.object({ type: z.literal('hello'), lastEventId: z.number().int().nonnegative().nullable() }),
  z.object({ type: z.literal('ping') }),
  ...consultationClientMessages,
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
