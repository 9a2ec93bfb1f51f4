import { randomUUID } from 'node:crypto';
import { consentText, TELECONSULTATION_CONSENT } from '@pulsa/shared/constants/consent';
import {
  refusal as lifecycleRefusal,
  noShowFrom,
  roomWindow,
} from '@pulsa/shared/lifecycle/appointment-lifecycle';
import {
  type Caption,
  CHAT_FILES_PER_MINUTE,
  CHAT_MESSAGES_PER_MINUTE,
  type ChatMessage,
  CONSULTATION_MAX_FILE_BYTES,
  CONSULTATION_MAX_FILES,
  CONSULTATION_MAX_MESSAGES,
  type ConsultationRoom,
  CONSULTATION_MESSAGES as M,
  type RoomRefusal,
} from '@pulsa/shared/schemas/consultations';
import type { ReviewInput } from '@pulsa/shared/schemas/reviews';
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config.ts';
import type { Db, Queryable } from '../../db/client.ts';
import {
  appointments,
  consentAcceptances,
  consultationMessages,
  consultationParticipants,
  userProfiles,
} from '../../db/schema.ts';
import * as counters from '../../lib/counters.ts';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { recordClinicalAccess } from '../access-log/access-log.service.ts';
import { appointmentFor } from '../appointments/appointments.access.ts';
import type { BookingContext, Viewer } from '../appointments/appointments.context.ts';
import { BY_RULES, transition } from '../appointments/appointments.lifecycle.ts';
import { lifecycleState } from '../appointments/appointments.state.ts';
import { EXTENSION } from '../files/files.signature.ts';
import type { FileStorage } from '../files/files.storage.ts';
import type { Upload } from '../files/files.upload.ts';
import { publishLive, relayLive } from '../live/live.events.ts';
import { reviewStateOf, submitReview } from '../reviews/reviews.service.ts';
import { roomRefusal } from './consultations.rules.ts';
import { turnCredentials } from './turn-credentials.ts';

export interface ConsultationContext {
  db: Db;
  iceServers: AppConfig['iceServers'];
  turn: AppConfig['turn'];
  /** Where files shared in the room are kept (private; served only to the two parties). */
  storage: FileStorage;
  /** The appointments' context: a consultation's outcome is one of the appointment's transitions. */
  appointments: BookingContext;
}

/** A participant seen within this long is in the room (the page sends a heartbeat every 20 s). */
const PRESENCE_FRESH_SECONDS = 60;

const REFUSAL_MESSAGES: Record<RoomRefusal, string> = {
  not_confirmed: M.notConfirmed,
  too_early: M.tooEarly,
  closed: M.closed,
  ended: M.ended,
  consent_required: M.consentRequired,
};

/**
 * The appointment with both parties, by the appointments' one ownership check; someone else's
 * answers exactly like a missing one. The room is its patient's and its doctor's: the team reaches
 * the appointment, not its consultation.
 */
async function loadRoom(db: Queryable, appointmentId: string, person: Viewer, lock = false) {
  const { appointment, doctorUserId } = await appointmentFor(db, person, appointmentId, { lock });
  if (person.role === 'admin') throw notFound(M.notFound);
  const role = person.role;
  const otherUserId = role === 'patient' ? doctorUserId : appointment.patientId;
  return { appointment, role, patientId: appointment.patientId, doctorUserId, otherUserId };
}

type LoadedRoom = Awaited<ReturnType<typeof loadRoom>>;

/** The patient's acceptance of the current version that is in force (not withdrawn). */
const inForce = (userId: string) =>
  and(
    eq(consentAcceptances.userId, userId),
    eq(consentAcceptances.version, TELECONSULTATION_CONSENT.version),
    isNull(consentAcceptances.withdrawnAt),
  );

async function consentGiven(db: Queryable, patientId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: consentAcceptances.id })
    .from(consentAcceptances)
    .where(inForce(patientId));
  return !!row;
}

async function participants(db: Queryable, appointmentId: string) {
  return db
    .select()
    .from(consultationParticipants)
    .where(eq(consultationParticipants.appointmentId, appointmentId));
}

const isPresent = (p: typeof consultationParticipants.$inferSelect | undefined, now: Date) =>
  !!p && p.leftAt === null && now.getTime() - p.lastSeenAt.getTime() <= PRESENCE_FRESH_SECONDS * 1000;

async function refusalOf(db: Queryable, room: LoadedRoom, now: Date): Promise<RoomRefusal | null> {
  const given = room.role === 'patient' ? await consentGiven(db, room.patientId) : true;
  return roomRefusal(room.appointment, { role: room.role, consentGiven: given }, now);
}

/** The room as this person sees it. */
export async function roomFor(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  now = new Date(),
): Promise<ConsultationRoom> {
  const room = await loadRoom(ctx.db, appointmentId, person);
  const a = room.appointment;
  const [given, people, names, review] = await Promise.all([
    consentGiven(ctx.db, room.patientId),
    participants(ctx.db, a.id),
    ctx.db
      .select({ id: userProfiles.id, name: userProfiles.fullName })
      .from(userProfiles)
      .where(eq(userProfiles.id, room.otherUserId)),
    reviewStateOf(ctx.db, a.id),
  ]);
  const refusal = roomRefusal(a, { role: room.role, consentGiven: given }, now);
  const { opensAt, closesAt } = roomWindow(a.startsAt, a.endsAt);
  const patientJoined = people.some((p) => p.userId === room.patientId);
  return {
    appointmentId: a.id,
    role: room.role,
    myUserId: person.id,
    otherUserId: room.otherUserId,
    otherName: names[0]?.name ?? '',
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    status: a.status,
    opensAt: opensAt.toISOString(),
    closesAt: closesAt.toISOString(),
    refusal,
    refusalMessage: refusal ? REFUSAL_MESSAGES[refusal] : null,
    consentGiven: given,
    consent: { version: TELECONSULTATION_CONSENT.version, text: consentText(TELECONSULTATION_CONSENT) },
    otherPresent: isPresent(
      people.find((p) => p.userId === room.otherUserId),
      now,
    ),
    noShowAllowed:
      room.role === 'doctor' &&
      lifecycleRefusal(lifecycleState(a, null, patientJoined), 'doctor', 'no_show', now) === null,
    noShowFrom: noShowFrom(a.startsAt).toISOString(),
    // STUN/TURN from ICE_SERVERS, and a TURN credential of this user's own when TURN_SECRET is set.
    iceServers: ctx.turn ? [...ctx.iceServers, turnCredentials(ctx.turn, person.id, now)] : ctx.iceServers,
    completionNotes: a.completionNotes,
    canReview: room.role === 'patient' && a.status === 'completed' && !review,
    review: room.role === 'patient' ? review : null,
  };
}

/** The patient accepts the current consent version (once; accepting again changes nothing). */
export async function acceptConsent(
  db: Queryable,
  person: Viewer,
  client: { ip: string | null; userAgent: string | null },
): Promise<void> {
  if (person.role !== 'patient') throw forbidden(M.consentPatientOnly);
  await db
    .insert(consentAcceptances)
    .values({
      userId: person.id,
      version: TELECONSULTATION_CONSENT.version,
      ip: client.ip,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    })
    .onConflictDoNothing();
}

/**
 * The patient withdraws the consent (the consent text allows it at any time). The acceptance stays
 * on record with the moment it was withdrawn; until the patient accepts again, the room lets them
 * wait but not enter the call.
 */
export async function withdrawConsent(db: Queryable, person: Viewer, now = new Date()): Promise<void> {
  if (person.role !== 'patient') throw forbidden(M.consentPatientOnly);
  await db.update(consentAcceptances).set({ withdrawnAt: now }).where(inForce(person.id));
}

/** The patient's acceptance of the current version, with the text accepted. */
export async function consentOf(db: Queryable, userId: string) {
  const [row] = await db.select().from(consentAcceptances).where(inForce(userId));
  return row
    ? {
        version: row.version,
        text: consentText(TELECONSULTATION_CONSENT),
        acceptedAt: row.acceptedAt.toISOString(),
      }
    : null;
}

/**
 * Entering, staying in (heartbeat) or leaving the room, the waiting room included (a patient may
 * wait there before accepting the consent). The other party hears of every entrance, first or not
 * (a reload or a dropped link starts the call again on both sides). With both parties in and the
 * consent given, a confirmed consultation becomes in progress.
 */
export async function presence(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  action: 'join' | 'heartbeat' | 'leave',
  now = new Date(),
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const room = await loadRoom(tx, appointmentId, person, true);
    // The waiting room is open to a patient who has not accepted the consent yet; the call is not.
    const refusal = await refusalOf(tx, room, now);
    if (action !== 'leave' && refusal && refusal !== 'consent_required') return;
    await tx
      .insert(consultationParticipants)
      .values({ appointmentId, userId: person.id, lastSeenAt: now, leftAt: action === 'leave' ? now : null })
      .onConflictDoUpdate({
        target: [consultationParticipants.appointmentId, consultationParticipants.userId],
        set: { lastSeenAt: now, leftAt: action === 'leave' ? now : null },
      });
    if (action === 'heartbeat') return;
    await publishLive(tx, [room.otherUserId], {
      type: 'consultation.presence',
      appointmentId,
      userId: person.id,
      present: action === 'join',
    });
    if (action !== 'join' || room.appointment.status !== 'confirmed') return;
    if (!(await consentGiven(tx, room.patientId))) return;
    const other = (await participants(tx, appointmentId)).find((p) => p.userId === room.otherUserId);
    if (!isPresent(other, now)) return;
    await transition(ctx.appointments, tx, appointmentId, { kind: 'start' }, BY_RULES, now);
  });
}

/**
 * Relays a WebRTC description or candidate to the other party, only while this person may be in the
 * room. Relayed, not kept: the signal travels in the NOTIFY itself and no row is written (decision 070).
 */
export async function relaySignal(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  signal: unknown,
  now = new Date(),
): Promise<void> {
  const room = await loadRoom(ctx.db, appointmentId, person);
  if (await refusalOf(ctx.db, room, now)) return;
  await relayLive(ctx.db, [room.otherUserId], {
    type: 'consultation.signal',
    appointmentId,
    from: person.id,
    signal: signal as never,
  });
}

/**
 * Relays a line of live captions to the other party, under the same rule as the call's signals (only
 * while this person may be in the room). Health talk: relayed, never written (decision 115).
 */
export async function relayCaption(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  caption: Caption,
  now = new Date(),
): Promise<void> {
  const room = await loadRoom(ctx.db, appointmentId, person);
  if (await refusalOf(ctx.db, room, now)) return;
  await relayLive(ctx.db, [room.otherUserId], {
    type: 'consultation.caption',
    appointmentId,
    from: person.id,
    caption,
  });
}

const messageColumns = {
  id: consultationMessages.id,
  appointmentId: consultationMessages.appointmentId,
  senderId: consultationMessages.senderId,
  senderName: userProfiles.fullName,
  body: consultationMessages.body,
  fileName: consultationMessages.fileName,
  fileMime: consultationMessages.fileMime,
  fileSize: consultationMessages.fileSize,
  createdAt: consultationMessages.createdAt,
};

type MessageRow = {
  id: string;
  appointmentId: string;
  senderId: string;
  senderName: string;
  body: string;
  fileName: string | null;
  fileMime: string | null;
  fileSize: number | null;
  createdAt: Date;
};

export const chatFileUrl = (appointmentId: string, messageId: string) =>
  `/api/consultations/${appointmentId}/messages/${messageId}/file`;

const toMessage = ({ fileName, fileMime, fileSize, createdAt, ...row }: MessageRow): ChatMessage => ({
  ...row,
  file:
    fileName && fileMime && fileSize !== null
      ? { name: fileName, mimeType: fileMime, size: fileSize, url: chatFileUrl(row.appointmentId, row.id) }
      : null,
  createdAt: createdAt.toISOString(),
});

/** The room's chat, for its two parties, at any time (it stays with the consultation). */
export async function listMessages(ctx: ConsultationContext, person: Viewer, appointmentId: string) {
  await loadRoom(ctx.db, appointmentId, person);
  const rows = await ctx.db
    .select(messageColumns)
    .from(consultationMessages)
    .innerJoin(userProfiles, eq(userProfiles.id, consultationMessages.senderId))
    .where(eq(consultationMessages.appointmentId, appointmentId))
    .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id));
  return { items: rows.map(toMessage) };
}

/**
 * The room chat of several consultations of one patient–doctor pair, newest first, strictly before
 * a position (instant to the millisecond, then id): the conversation between the two shows it in
 * its timeline (decision 090). The caller has checked that the person is one of the pair.
 */
export async function chatOfConsultations(
  db: Queryable,
  appointmentIds: readonly string[],
  page: { before?: { at: Date; id: string }; limit: number },
): Promise<ChatMessage[]> {
  if (appointmentIds.length === 0) return [];
  const at = sql`date_trunc('milliseconds', ${consultationMessages.createdAt})`;
  const rows = await db
    .select(messageColumns)
    .from(consultationMessages)
    .innerJoin(userProfiles, eq(userProfiles.id, consultationMessages.senderId))
    .where(
      and(
        inArray(consultationMessages.appointmentId, [...appointmentIds]),
        page.before
          ? sql`(${at}, ${consultationMessages.id}) < (${page.before.at.toISOString()}::timestamptz, ${page.before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(consultationMessages.createdAt), desc(consultationMessages.id))
    .limit(page.limit);
  return rows.map(toMessage);
}

/**
 * One room message, when it was said in one of these consultations (a pair's, checked by the
 * caller): the conversation between the two lets either report it.
 */
export async function chatMessageAmong(
  db: Queryable,
  appointmentIds: readonly string[],
  messageId: string,
): Promise<ChatMessage | undefined> {
  if (appointmentIds.length === 0) return undefined;
  const [row] = await db
    .select(messageColumns)
    .from(consultationMessages)
    .innerJoin(userProfiles, eq(userProfiles.id, consultationMessages.senderId))
    .where(
      and(
        eq(consultationMessages.id, messageId),
        inArray(consultationMessages.appointmentId, [...appointmentIds]),
      ),
    );
  return row && toMessage(row);
}

/**
 * A room message with the `each` said before it and after it in the same consultation, oldest
 * first: what an admin reads of a reported one.
 */
export async function chatAround(db: Queryable, messageId: string, each = 5): Promise<ChatMessage[]> {
  // Compared in the database, to the microsecond, with the row's own instant.
  const position = sql`(${consultationMessages.createdAt}, ${consultationMessages.id})`;
  const target = sql`(select created_at, id from consultation_messages where id = ${messageId})`;
  const sameConsultation = eq(
    consultationMessages.appointmentId,
    sql`(select appointment_id from consultation_messages where id = ${messageId})`,
  );
  const base = () =>
    db
      .select(messageColumns)
      .from(consultationMessages)
      .innerJoin(userProfiles, eq(userProfiles.id, consultationMessages.senderId));
  const [before, after] = await Promise.all([
    base()
      .where(and(sameConsultation, sql`${position} < ${target}`))
      .orderBy(desc(consultationMessages.createdAt), desc(consultationMessages.id))
      .limit(each),
    base()
      .where(and(sameConsultation, sql`${position} >= ${target}`))
      .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id))
      .limit(each + 1),
  ]);
  return [...before.reverse(), ...after].map(toMessage);
}

type StoredFile = { key: string; name: string; mime: string; size: number };

/** Keeps a message (text, file or both) and delivers it to both parties at once. */
async function postMessage(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  content: { body: string; file?: StoredFile },
  now: Date,
): Promise<ChatMessage> {
  return ctx.db.transaction(async (tx) => {
    // Locked, so two messages at once cannot both take the last place of the consultation's quota.
    const room = await loadRoom(tx, appointmentId, person, true);
    await assertOpenTo(tx, room, now);
    await assertQuotaLeft(tx, appointmentId, content.file?.size);
    const [inserted] = await tx
      .insert(consultationMessages)
      .values({
        appointmentId,
        senderId: person.id,
        body: content.body,
        fileKey: content.file?.key ?? null,
        fileName: content.file?.name ?? null,
        fileMime: content.file?.mime ?? null,
        fileSize: content.file?.size ?? null,
      })
      .returning({ id: consultationMessages.id });
    const [row] = await tx
      .select(messageColumns)
      .from(consultationMessages)
      .innerJoin(userProfiles, eq(userProfiles.id, consultationMessages.senderId))
      .where(eq(consultationMessages.id, (inserted as { id: string }).id));
    const message = toMessage(row as MessageRow);
    await publishLive(tx, [room.patientId, room.doctorUserId], { type: 'consultation.message', message });
    return message;
  });
}

/** Messages and files are taken only while this person may be in the room. */
async function assertOpenTo(db: Queryable, room: LoadedRoom, now: Date) {
  const refusal = await refusalOf(db, room, now);
  if (refusal) throw conflict(REFUSAL_MESSAGES[refusal], undefined, `room_${refusal}`);
}

/**
 * The consultation's chat holds at most 500 messages, 20 files and 50 MB of files (decision 077).
 * `fileSize`: the size of a file about to be added; 0 when it is not known yet (before the upload).
 */
async function assertQuotaLeft(db: Queryable, appointmentId: string, fileSize?: number) {
  const [used] = await db
    .select({
      messages: sql<number>`count(*)::int`,
      files: sql<number>`count(${consultationMessages.fileKey})::int`,
      bytes: sql<string>`coalesce(sum(${consultationMessages.fileSize}), 0)::text`,
    })
    .from(consultationMessages)
    .where(eq(consultationMessages.appointmentId, appointmentId));
  const messages = Number(used?.messages ?? 0);
  if (messages >= CONSULTATION_MAX_MESSAGES) throw conflict(M.messageQuota, undefined, 'message_quota');
  if (fileSize === undefined) return;
  const files = Number(used?.files ?? 0);
  const bytes = Number(used?.bytes ?? 0);
  if (files >= CONSULTATION_MAX_FILES || bytes + Math.max(fileSize, 1) > CONSULTATION_MAX_FILE_BYTES)
    throw conflict(M.fileQuota, undefined, 'file_quota');
}

/**
 * What one person may send in one consultation per minute, counted in the database so every
 * instance counts together; 429 past it, with when to try again.
 */
async function assertRate(
  db: Queryable,
  what: 'chat-messages' | 'chat-files',
  person: Viewer,
  appointmentId: string,
) {
  const [max, message] =
    what === 'chat-messages'
      ? [CHAT_MESSAGES_PER_MINUTE, M.tooManyMessages]
      : [CHAT_FILES_PER_MINUTE, M.tooManyFiles];
  const state = await counters.hit(db, `${what}:${appointmentId}:${person.id}`, 60_000);
  if (state.count <= max) return;
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  throw new AppError(429, message, { code: 'rate_limited', headers: { 'retry-after': String(seconds) } });
}

/** A message in the room, delivered to both parties at once; only while this person may be in it. */
export async function sendMessage(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  body: string,
  now = new Date(),
): Promise<ChatMessage> {
  await loadRoom(ctx.db, appointmentId, person);
  await assertRate(ctx.db, 'chat-messages', person, appointmentId);
  return postMessage(ctx, person, appointmentId, { body }, now);
}

/**
 * Before a file's bytes are read: the room is open to this person, they are within their pace of
 * files, and the consultation still has room for one.
 */
export async function beforeSharing(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  now = new Date(),
): Promise<void> {
  await assertOpenTo(ctx.db, await loadRoom(ctx.db, appointmentId, person), now);
  await assertRate(ctx.db, 'chat-files', person, appointmentId);
  await assertQuotaLeft(ctx.db, appointmentId, 0);
}

/**
 * A file shared in the room (already checked by its content: JPG, PNG or PDF up to 5 MB). The room's
 * rules are checked before anything is stored, and the file is removed again if the message is refused.
 */
export async function shareFile(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  upload: Upload,
  now = new Date(),
): Promise<ChatMessage> {
  await assertOpenTo(ctx.db, await loadRoom(ctx.db, appointmentId, person), now);
  await assertQuotaLeft(ctx.db, appointmentId, upload.bytes.length);
  const key = `consultations/${randomUUID()}.${EXTENSION[upload.mime]}`;
  await ctx.storage.put(key, upload.bytes, upload.mime);
  try {
    return await postMessage(
      ctx,
      person,
      appointmentId,
      { body: '', file: { key, name: upload.fileName, mime: upload.mime, size: upload.bytes.length } },
      now,
    );
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A file of the room's chat, for its two parties only (anyone else: the same 404 as a missing one). */
export async function openFile(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  messageId: string,
) {
  const room = await loadRoom(ctx.db, appointmentId, person);
  const [row] = await ctx.db
    .select()
    .from(consultationMessages)
    .where(
      and(eq(consultationMessages.id, messageId), eq(consultationMessages.appointmentId, appointmentId)),
    );
  if (!row?.fileKey || !row.fileName || !row.fileMime) throw notFound(M.fileNotFound);
  const stream = await ctx.storage.get(row.fileKey);
  if (!stream) throw notFound(M.fileNotFound);
  // A consultation's file is clinical data: each opening is one row of the patient's access log.
  await recordClinicalAccess(ctx.db, {
    patientId: room.patientId,
    actorId: person.id,
    actorRole: room.role,
    resource: 'consultation_file',
    resourceId: row.id,
    reason: room.role === 'patient' ? 'own_data' : 'own_consultation',
    appointmentId,
  });
  return { fileName: row.fileName, mimeType: row.fileMime, stream };
}

/** The doctor ends the consultation: completed, or no-show; the lifecycle decides whether it may. */
async function endAs(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  change: { kind: 'complete'; notes?: string } | { kind: 'no_show' },
  now: Date,
) {
  const after = await ctx.db.transaction(async (tx) => {
    const room = await loadRoom(tx, appointmentId, person, true);
    if (room.role !== 'doctor') throw forbidden(M.doctorOnly);
    return transition(
      ctx.appointments,
      tx,
      appointmentId,
      change,
      { actor: 'doctor', actorId: person.id },
      now,
    );
  });
  for (const work of after) await work();
}

/** The doctor ends the consultation as completed, with optional notes for the patient. */
export async function complete(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  notes: string | undefined,
  now = new Date(),
) {
  await endAs(ctx, person, appointmentId, { kind: 'complete', notes }, now);
}

/** The doctor records that the patient never came, from 15 minutes after the start. */
export async function markNoShow(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  now = new Date(),
) {
  await endAs(ctx, person, appointmentId, { kind: 'no_show' }, now);
}

/**
 * The patient rates a completed consultation once: the room's ownership check here, the review's
 * rules in the reviews module (decision 092).
 */
export async function review(
  ctx: ConsultationContext,
  person: Viewer,
  appointmentId: string,
  input: ReviewInput,
) {
  const room = await loadRoom(ctx.db, appointmentId, person);
  await submitReview(ctx.db, person, room.appointment, input);
}

/** A file in a consultation's chat, as a list shows it. */
export interface ChatFileSummary {
  id: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * A file an on-demand patient sends while waiting (a photo, an exam; decision 143): kept in the
 * consultation's chat, so the doctor who calls them finds it there, before joining and in the room.
 * The queue checked whose ticket it is and that they still wait; the chat's quota applies.
 */
export async function attachBeforeCall(
  ctx: Pick<ConsultationContext, 'db' | 'storage'>,
  patientId: string,
  appointmentId: string,
  upload: Upload,
): Promise<ChatFileSummary> {
  await assertQuotaLeft(ctx.db, appointmentId, upload.bytes.length);
  const key = `consultations/${randomUUID()}.${EXTENSION[upload.mime]}`;
  await ctx.storage.put(key, upload.bytes, upload.mime);
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`select id from appointments where id = ${appointmentId} for update`);
      await assertQuotaLeft(tx, appointmentId, upload.bytes.length);
      const [row] = await tx
        .insert(consultationMessages)
        .values({
          appointmentId,
          senderId: patientId,
          body: '',
          fileKey: key,
          fileName: upload.fileName,
          fileMime: upload.mime,
          fileSize: upload.bytes.length,
        })
        .returning({ id: consultationMessages.id });
      return {
        id: (row as { id: string }).id,
        name: upload.fileName,
        mime: upload.mime,
        size: upload.bytes.length,
      };
    });
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The files the patient sent to these consultations, oldest first, by consultation. */
export async function patientFilesOf(
  db: Queryable,
  appointmentIds: readonly string[],
): Promise<Map<string, ChatFileSummary[]>> {
  const out = new Map<string, ChatFileSummary[]>();
  if (appointmentIds.length === 0) return out;
  const rows = await db
    .select({
      id: consultationMessages.id,
      appointmentId: consultationMessages.appointmentId,
      name: consultationMessages.fileName,
      mime: consultationMessages.fileMime,
      size: consultationMessages.fileSize,
    })
    .from(consultationMessages)
    .innerJoin(appointments, eq(appointments.id, consultationMessages.appointmentId))
    .where(
      and(
        inArray(consultationMessages.appointmentId, [...appointmentIds]),
        eq(consultationMessages.senderId, appointments.patientId),
        isNotNull(consultationMessages.fileKey),
      ),
    )
    .orderBy(asc(consultationMessages.createdAt));
  for (const r of rows) {
    const list = out.get(r.appointmentId) ?? [];
    list.push({ id: r.id, name: r.name ?? '', mime: r.mime ?? '', size: r.size ?? 0 });
    out.set(r.appointmentId, list);
  }
  return out;
}
