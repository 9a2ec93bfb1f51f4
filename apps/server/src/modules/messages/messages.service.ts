import { randomUUID } from 'node:crypto';
import type { ChatMessage } from '@pulsa/shared/schemas/consultations';
import {
  type ConversationDetail,
  type ConversationMessage,
  type ConversationSummary,
  MESSAGES_TEXT as M,
  MESSAGE_FILES_PER_MINUTE,
  MESSAGE_PAGE_SIZE,
  type MESSAGE_REPORT_REASONS,
  MESSAGES_PER_MINUTE,
  type MessagePage,
  type MessageReportDetail,
  type MessageReportSummary,
  UNREAD_EMAIL_AFTER_MINUTES,
} from '@pulsa/shared/schemas/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import { conversationMessages, conversations, doctorProfiles, messageReports } from '../../db/schema.ts';
import * as counters from '../../lib/counters.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { recordClinicalAccess } from '../access-log/access-log.service.ts';
import type { Viewer } from '../appointments/appointments.context.ts';
import { reachedDoctorSql } from '../appointments/appointments.state.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { chatAround, chatMessageAmong, chatOfConsultations } from '../consultations/consultations.service.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { unreadMessageEmail } from '../email/email.templates.ts';
import { EXTENSION } from '../files/files.signature.ts';
import type { FileStorage } from '../files/files.storage.ts';
import type { Upload } from '../files/files.upload.ts';
import { broadcastAdminChange, publishLive } from '../live/live.events.ts';
import { notify } from '../notifications/notifications.service.ts';
import { conversationState } from './messages.rules.ts';

export interface MessagesContext {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
  appUrl: string;
  onEmailQueued: () => void;
}

export const UNREAD_EMAIL_JOB = 'message-unread-email';

type ConversationRow = typeof conversations.$inferSelect;
type Party = 'patient' | 'doctor';

const date = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));
const iso = (v: unknown): string | null => date(v)?.toISOString() ?? null;

const pathFor = (role: Party) => (role === 'patient' ? '/patient/messages' : '/doctor/messages');

/** The viewer's side of a conversation; anyone else (another patient, another doctor, an admin) → 404. */
function partyOf(c: ConversationRow | undefined, person: Viewer): Party {
  if (c && person.role === 'patient' && c.patientId === person.id) return 'patient';
  if (c && person.role === 'doctor' && c.doctorUserId === person.id) return 'doctor';
  throw notFound(M.notFound);
}

async function loadConversation(db: Queryable, person: Viewer, id: string, lock = false) {
  const query = db.select().from(conversations).where(eq(conversations.id, id));
  const [c] = lock ? await query.for('update') : await query;
  const party = partyOf(c, person);
  return { c: c as ConversationRow, party };
}

/**
 * A booking opens the conversation: every pair with an appointment that reached the doctor (the
 * appointments' rule: paid or requested, any status since) has one. Created when either side looks,
 * so no other module writes here.
 */
export async function ensureConversations(db: Queryable, person: Viewer): Promise<void> {
  if (person.role === 'admin') return;
  const mine = person.role === 'patient' ? sql`a.patient_id = ${person.id}` : sql`dp.user_id = ${person.id}`;
  await db.execute(sql`
    insert into conversations (patient_id, doctor_id, doctor_user_id)
    select distinct a.patient_id, a.doctor_id, dp.user_id
    from appointments a join doctor_profiles dp on dp.id = a.doctor_id
    where ${mine} and ${reachedDoctorSql('a')}
    on conflict (patient_id, doctor_id) do nothing`);
}

/** What the open/closed rule needs about a pair, with the doctor's window and public page. */
async function factsOf(db: Queryable, c: ConversationRow) {
  const result = await db.execute(sql`
    select dp.message_follow_up_days as days, dp.slug,
      (select max(ends_at) from appointments
        where patient_id = ${c.patientId} and doctor_id = ${c.doctorId} and status = 'completed') as last_completed,
      (select max(coalesce(requested_at, created_at)) from appointments
        where patient_id = ${c.patientId} and doctor_id = ${c.doctorId}
          and (status in ('confirmed', 'in_progress') or (status = 'scheduled' and requested_at is not null))
      ) as active_at
    from doctor_profiles dp where dp.id = ${c.doctorId}`);
  const row = result.rows[0] as
    | { days: number; slug: string | null; last_completed: unknown; active_at: unknown }
    | undefined;
  return {
    followUpDays: Number(row?.days ?? 7),
    slug: row?.slug ?? null,
    lastCompletedEndsAt: date(row?.last_completed),
    activeBookingAt: date(row?.active_at),
  };
}

function stateOf(c: ConversationRow, facts: Awaited<ReturnType<typeof factsOf>>, now: Date) {
  const s = conversationState(
    {
      manual: c.manualState && c.manualStateAt ? { state: c.manualState, at: c.manualStateAt } : null,
      followUpDays: facts.followUpDays,
      lastCompletedEndsAt: facts.lastCompletedEndsAt,
      activeBookingAt: facts.activeBookingAt,
    },
    now,
  );
  return { open: s.open, reason: s.reason, until: s.until?.toISOString() ?? null };
}

const preview = (body: string, fileName: string | null) =>
  body ? (body.length > 120 ? `${body.slice(0, 117)}...` : body) : `Arquivo: ${fileName ?? ''}`;

/** The viewer's conversations, latest activity first, with the last message and what is unread. */
export async function listConversations(
  ctx: MessagesContext,
  person: Viewer,
  now = new Date(),
  only?: string,
): Promise<ConversationSummary[]> {
  if (person.role === 'admin') return [];
  if (!only) await ensureConversations(ctx.db, person);
  const patient = person.role === 'patient';
  const result = await ctx.db.execute(sql`
    select c.*, other.full_name as other_name, lm.body as lm_body, lm.file_name as lm_file,
      lm.sender_id as lm_sender, lm.created_at as lm_at,
      (select count(*)::int from conversation_messages m
        where m.conversation_id = c.id and m.sender_id <> ${person.id}
          and m.created_at > coalesce(${patient ? sql`c.patient_read_at` : sql`c.doctor_read_at`}, '-infinity')) as unread
    from conversations c
    join user_profiles other on other.id = ${patient ? sql`c.doctor_user_id` : sql`c.patient_id`}
    left join lateral (
      select body, file_name, sender_id, created_at from conversation_messages m
      where m.conversation_id = c.id order by m.created_at desc, m.id desc limit 1
    ) lm on true
    where ${patient ? sql`c.patient_id` : sql`c.doctor_user_id`} = ${person.id}
      ${only ? sql`and c.id = ${only}` : sql``}
    order by coalesce(c.last_message_at, c.created_at) desc`);
  const rows = result.rows as Record<string, unknown>[];
  return Promise.all(
    rows.map(async (r) => {
      const c = rowToConversation(r);
      const facts = await factsOf(ctx.db, c);
      return summaryOf(c, r, facts, person, now);
    }),
  );
}

function rowToConversation(r: Record<string, unknown>): ConversationRow {
  return {
    id: r.id as string,
    patientId: r.patient_id as string,
    doctorId: r.doctor_id as string,
    doctorUserId: r.doctor_user_id as string,
    manualState: (r.manual_state as 'open' | 'closed' | null) ?? null,
    manualStateAt: date(r.manual_state_at),
    patientReadAt: date(r.patient_read_at),
    doctorReadAt: date(r.doctor_read_at),
    patientEmailedAt: date(r.patient_emailed_at),
    doctorEmailedAt: date(r.doctor_emailed_at),
    lastMessageAt: date(r.last_message_at),
    createdAt: date(r.created_at) as Date,
  };
}

function summaryOf(
  c: ConversationRow,
  r: Record<string, unknown>,
  facts: Awaited<ReturnType<typeof factsOf>>,
  person: Viewer,
  now: Date,
): ConversationSummary {
  const patient = person.role === 'patient';
  return {
    id: c.id,
    otherName: String(r.other_name ?? ''),
    otherUserId: patient ? c.doctorUserId : c.patientId,
    doctorSlug: patient ? facts.slug : null,
    lastMessage: r.lm_at
      ? {
          preview: preview(String(r.lm_body ?? ''), (r.lm_file as string | null) ?? null),
          mine: r.lm_sender === person.id,
          at: iso(r.lm_at) as string,
        }
      : null,
    unread: Number(r.unread ?? 0),
    state: stateOf(c, facts, now),
  };
}

/** One conversation as the viewer sees it (the thread's header, state and read receipts). */
export async function conversationFor(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  now = new Date(),
): Promise<ConversationDetail> {
  const { c, party } = await loadConversation(ctx.db, person, id);
  const [summary] = await listConversations(ctx, person, now, id);
  if (!summary) throw notFound(M.notFound);
  const otherReadAt = party === 'patient' ? c.doctorReadAt : c.patientReadAt;
  return {
    conversation: summary,
    otherReadAt: otherReadAt?.toISOString() ?? null,
    role: party,
    myUserId: person.id,
  };
}

/** The conversation with this person (by their user id), if a booking opened one. */
export async function conversationWith(ctx: MessagesContext, person: Viewer, otherUserId: string) {
  if (person.role === 'admin') throw notFound(M.notFound);
  await ensureConversations(ctx.db, person);
  const [c] = await ctx.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      person.role === 'patient'
        ? and(eq(conversations.patientId, person.id), eq(conversations.doctorUserId, otherUserId))
        : and(eq(conversations.doctorUserId, person.id), eq(conversations.patientId, otherUserId)),
    );
  if (!c) throw forbidden(person.role === 'patient' ? M.noBooking : M.noPatientBooking, 'no_booking');
  return { id: c.id };
}

// ── The timeline: the conversation's messages and the consultations' chat, merged ──

const cursorOf = (m: { createdAt: string; id: string }) => `${m.createdAt}_${m.id}`;

function parseCursor(cursor: string | undefined): { at: Date; id: string } | undefined {
  if (!cursor) return undefined;
  const at = new Date(cursor.slice(0, 24));
  const id = cursor.slice(25);
  if (Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/i.test(id)) throw badRequest(M.invalidCursor);
  return { at, id };
}

export const messageFileUrl = (conversationId: string, messageId: string) =>
  `/api/conversations/${conversationId}/messages/${messageId}/file`;

type StoredMessage = typeof conversationMessages.$inferSelect;

function toMessage(m: StoredMessage, senderName: string): ConversationMessage {
  return {
    id: m.id,
    senderId: m.senderId,
    senderName,
    body: m.body,
    file:
      m.fileKey && m.fileName && m.fileMime && m.fileSize !== null
        ? {
            name: m.fileName,
            mimeType: m.fileMime,
            size: m.fileSize,
            url: messageFileUrl(m.conversationId, m.id),
          }
        : null,
    createdAt: m.createdAt.toISOString(),
    consultation: null,
  };
}

/** Names of the two parties (the only possible senders). */
async function namesOf(db: Queryable, c: ConversationRow): Promise<Map<string, string>> {
  const result = await db.execute(
    sql`select id, full_name from user_profiles where id in (${c.patientId}, ${c.doctorUserId})`,
  );
  return new Map((result.rows as { id: string; full_name: string }[]).map((r) => [r.id, r.full_name]));
}

/**
 * A page of the timeline, oldest first: the latest page without `before`, then older ones. Both
 * sources are read newest-first from their indexes, one page plus one each, and merged by instant
 * (to the millisecond) and id, so the latest page costs two short index scans whatever the length.
 */
export async function listMessages(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  before?: string,
): Promise<MessagePage> {
  const cursor = parseCursor(before);
  const { c } = await loadConversation(ctx.db, person, id);
  const limit = MESSAGE_PAGE_SIZE;
  const [own, consultations, names] = await Promise.all([
    ctx.db
      .select()
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, c.id),
          cursor
            ? sql`(${conversationMessages.createdAt}, ${conversationMessages.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(sql`${conversationMessages.createdAt} desc, ${conversationMessages.id} desc`)
      .limit(limit + 1),
    pairConsultations(ctx.db, c),
    namesOf(ctx.db, c),
  ]);
  const chat = await chatOfConsultations(ctx.db, [...consultations.keys()], {
    before: cursor,
    limit: limit + 1,
  });
  const merged = [
    ...own.map((m) => toMessage(m, names.get(m.senderId) ?? '')),
    ...chat.map((m: ChatMessage) => ({
      id: m.id,
      senderId: m.senderId,
      senderName: m.senderName,
      body: m.body,
      file: m.file,
      createdAt: m.createdAt,
      consultation: { id: m.appointmentId, startsAt: consultations.get(m.appointmentId) ?? m.createdAt },
    })),
  ].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );
  const page = merged.slice(0, limit);
  const oldest = page.at(-1);
  return {
    items: page.reverse(),
    before: merged.length > limit && oldest ? cursorOf(oldest) : null,
  };
}

/** The pair's consultations (id → start), whose room chat belongs in the timeline. */
async function pairConsultations(db: Queryable, c: ConversationRow): Promise<Map<string, string>> {
  const result = await db.execute(sql`
    select id, starts_at from appointments
    where patient_id = ${c.patientId} and doctor_id = ${c.doctorId}
      and status in ('in_progress', 'completed', 'no_show')`);
  return new Map(
    (result.rows as { id: string; starts_at: unknown }[]).map((r) => [r.id, iso(r.starts_at) as string]),
  );
}

// ── Sending ──

type StoredFile = { key: string; name: string; mime: string; size: number };

/** Per sender, across all their conversations, counted in the database (every instance together). */
async function assertRate(db: Queryable, person: Viewer, what: 'messages' | 'files') {
  const [max, message] =
    what === 'messages'
      ? [MESSAGES_PER_MINUTE, M.tooManyMessages]
      : [MESSAGE_FILES_PER_MINUTE, M.tooManyFiles];
  const state = await counters.hit(db, `conversation-${what}:${person.id}`, 60_000);
  if (state.count <= max) return;
  const seconds = Math.max(1, Math.ceil((state.resetAt.getTime() - Date.now()) / 1000));
  throw new AppError(429, message, { code: 'rate_limited', headers: { 'retry-after': String(seconds) } });
}

/**
 * The patient writes only while the conversation is open; the doctor always may, and a doctor's
 * message to a closed conversation reopens it (a fresh follow-up window), so the patient can answer.
 */
async function assertMayWrite(db: Queryable, c: ConversationRow, party: Party, now: Date) {
  const state = stateOf(c, await factsOf(db, c), now);
  if (party === 'patient' && !state.open) throw conflict(M.closed, undefined, 'conversation_closed');
  return state;
}

async function post(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  content: { body: string; file?: StoredFile },
  now: Date,
): Promise<ConversationMessage> {
  const { message, firstUnread, recipientId } = await ctx.db.transaction(async (tx) => {
    // The conversation locked (one message at a time per conversation) with the sender's name.
    const [locked] = await tx
      .select({
        c: conversations,
        myName: sql<string | null>`(select full_name from user_profiles where id = ${person.id})`,
      })
      .from(conversations)
      .where(eq(conversations.id, id))
      .for('update', { of: conversations });
    const party = partyOf(locked?.c, person);
    const c = locked?.c as ConversationRow;
    const state = await assertMayWrite(tx, c, party, now);
    const recipientId = party === 'patient' ? c.doctorUserId : c.patientId;
    const recipientReadAt = party === 'patient' ? c.doctorReadAt : c.patientReadAt;
    // The recipient had nothing unread before this one: the last message is one they wrote (writing
    // marks read) or read. That first unread message starts the bell entry and the email timer.
    const firstUnread = !c.lastMessageAt || (!!recipientReadAt && c.lastMessageAt <= recipientReadAt);
    const [row] = await tx
      .insert(conversationMessages)
      .values({
        conversationId: c.id,
        senderId: person.id,
        body: content.body,
        fileKey: content.file?.key ?? null,
        fileName: content.file?.name ?? null,
        fileMime: content.file?.mime ?? null,
        fileSize: content.file?.size ?? null,
        createdAt: now,
      })
      .returning();
    await tx
      .update(conversations)
      .set({
        lastMessageAt: now,
        // Writing means having read what came before.
        ...(party === 'patient' ? { patientReadAt: now } : { doctorReadAt: now }),
        ...(party === 'doctor' && !state.open ? { manualState: 'open' as const, manualStateAt: now } : {}),
      })
      .where(eq(conversations.id, c.id));
    const myName = locked?.myName ?? '';
    const message = toMessage(row as StoredMessage, myName);
    await publishLive(tx, [c.patientId, c.doctorUserId], {
      type: 'message.new',
      conversationId: c.id,
      message,
    });
    if (firstUnread) {
      // One bell entry per conversation until it is read, never the text itself.
      await notify(tx, recipientId, {
        type: 'message.new',
        title: `Nova mensagem de ${myName}`.trim(),
        body: 'Abra a conversa para ler.',
        link: `${pathFor(party === 'patient' ? 'doctor' : 'patient')}?conversa=${c.id}`,
      });
    }
    if (!state.open && party === 'doctor')
      await publishLive(tx, [c.patientId, c.doctorUserId], {
        type: 'conversation.changed',
        conversationId: c.id,
      });
    return { message, firstUnread, recipientId };
  });
  if (firstUnread) {
    // One waiting email job per conversation and recipient; it re-checks everything when it runs.
    await ctx.jobs.send(
      UNREAD_EMAIL_JOB,
      { conversationId: id, recipientId },
      {
        startAfter: new Date(now.getTime() + UNREAD_EMAIL_AFTER_MINUTES * 60_000),
        singletonKey: `${id}:${recipientId}`,
      },
    );
  }
  return message;
}

export async function sendMessage(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  body: string,
  now = new Date(),
): Promise<ConversationMessage> {
  // Counted per sender before anything else; someone else's conversation still answers 404 in post.
  await assertRate(ctx.db, person, 'messages');
  return post(ctx, person, id, { body }, now);
}

/** Before the bytes are read: the conversation is this person's, open to them, and within their pace. */
export async function beforeSharing(ctx: MessagesContext, person: Viewer, id: string, now = new Date()) {
  const { c, party } = await loadConversation(ctx.db, person, id);
  await assertMayWrite(ctx.db, c, party, now);
  await assertRate(ctx.db, person, 'files');
}

/** A file (already checked by content: JPG, PNG or PDF up to 5 MB), removed again if refused. */
export async function shareFile(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  upload: Upload,
  now = new Date(),
): Promise<ConversationMessage> {
  const key = `messages/${randomUUID()}.${EXTENSION[upload.mime]}`;
  await ctx.storage.put(key, upload.bytes, upload.mime);
  try {
    return await post(
      ctx,
      person,
      id,
      { body: '', file: { key, name: upload.fileName, mime: upload.mime, size: upload.bytes.length } },
      now,
    );
  } catch (error) {
    await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** A file of the conversation, for its two parties only; each opening is in the patient's access log. */
export async function openFile(ctx: MessagesContext, person: Viewer, id: string, messageId: string) {
  const { c, party } = await loadConversation(ctx.db, person, id);
  const [row] = await ctx.db
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, c.id)));
  if (!row?.fileKey || !row.fileName || !row.fileMime) throw notFound(M.fileNotFound);
  const stream = await ctx.storage.get(row.fileKey);
  if (!stream) throw notFound(M.fileNotFound);
  await recordClinicalAccess(ctx.db, {
    patientId: c.patientId,
    actorId: person.id,
    actorRole: party,
    resource: 'message',
    resourceId: row.id,
    reason: party === 'patient' ? 'own_data' : 'own_consultation',
  });
  return { fileName: row.fileName, mimeType: row.fileMime, stream };
}

// ── Reading, unread counts ──

/** The viewer has read the conversation up to now; the other side's "Lida" follows live. */
export async function markRead(ctx: MessagesContext, person: Viewer, id: string, now = new Date()) {
  await ctx.db.transaction(async (tx) => {
    const { c, party } = await loadConversation(tx, person, id, true);
    await tx
      .update(conversations)
      .set(party === 'patient' ? { patientReadAt: now } : { doctorReadAt: now })
      .where(eq(conversations.id, c.id));
    await publishLive(tx, [c.patientId, c.doctorUserId], {
      type: 'message.read',
      conversationId: c.id,
      readerId: person.id,
      readAt: now.toISOString(),
    });
  });
}

/** Messages the viewer has not read, across their conversations (the sidebar's badge). */
export async function unreadTotal(db: Queryable, person: Viewer): Promise<number> {
  if (person.role === 'admin') return 0;
  const patient = person.role === 'patient';
  const result = await db.execute(sql`
    select count(*)::int as n
    from conversations c join conversation_messages m on m.conversation_id = c.id
    where ${patient ? sql`c.patient_id` : sql`c.doctor_user_id`} = ${person.id}
      and m.sender_id <> ${person.id}
      and m.created_at > coalesce(${patient ? sql`c.patient_read_at` : sql`c.doctor_read_at`}, '-infinity')`);
  return Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
}

// ── The doctor's control of the channel ──

export async function setConversationOpen(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  open: boolean,
  now = new Date(),
) {
  await ctx.db.transaction(async (tx) => {
    const { c, party } = await loadConversation(tx, person, id, true);
    if (party !== 'doctor') throw forbidden(M.doctorOnly);
    await tx
      .update(conversations)
      .set({ manualState: open ? 'open' : 'closed', manualStateAt: now })
      .where(eq(conversations.id, c.id));
    await publishLive(tx, [c.patientId, c.doctorUserId], {
      type: 'conversation.changed',
      conversationId: c.id,
    });
  });
  return conversationFor(ctx, person, id, now);
}

export async function followUpDaysOf(db: Queryable, doctorUserId: string): Promise<number> {
  const [row] = await db
    .select({ days: doctorProfiles.messageFollowUpDays })
    .from(doctorProfiles)
    .where(eq(doctorProfiles.userId, doctorUserId));
  if (!row) throw notFound('Perfil de médico não encontrado.');
  return row.days;
}

export async function setFollowUpDays(db: Queryable, doctorUserId: string, days: number) {
  await db
    .update(doctorProfiles)
    .set({ messageFollowUpDays: days, updatedAt: new Date() })
    .where(eq(doctorProfiles.userId, doctorUserId));
}

// ── The unread email ──

/**
 * Runs 15 minutes after a first unread message: one email to the recipient if something is still
 * unread and no email went out since they last read. The row is locked, so two runs send one.
 */
export async function emailUnread(
  ctx: MessagesContext,
  conversationId: string,
  recipientId: string,
  now = new Date(),
) {
  const sent = await ctx.db.transaction(async (tx) => {
    const [c] = await tx
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId))
      .for('update');
    if (!c) return false;
    const party: Party | null =
      recipientId === c.patientId ? 'patient' : recipientId === c.doctorUserId ? 'doctor' : null;
    if (!party) return false;
    const readAt = party === 'patient' ? c.patientReadAt : c.doctorReadAt;
    const emailedAt = party === 'patient' ? c.patientEmailedAt : c.doctorEmailedAt;
    if (emailedAt && (!readAt || emailedAt > readAt)) return false;
    const [oldest] = await tx
      .select({ at: sql<unknown>`min(${conversationMessages.createdAt})` })
      .from(conversationMessages)
      .where(
        and(
          eq(conversationMessages.conversationId, c.id),
          sql`${conversationMessages.senderId} <> ${recipientId}`,
          readAt ? sql`${conversationMessages.createdAt} > ${readAt.toISOString()}` : undefined,
        ),
      );
    const since = date(oldest?.at);
    if (!since || now.getTime() - since.getTime() < UNREAD_EMAIL_AFTER_MINUTES * 60_000 - 1000) return false;
    const names = await namesOf(tx, c);
    const contact = await tx.execute(sql`select email from user_profiles where id = ${recipientId}`);
    const email = (contact.rows[0] as { email: string } | undefined)?.email;
    if (!email) return false;
    const sender = party === 'patient' ? c.doctorUserId : c.patientId;
    await enqueueEmail(
      tx,
      email,
      unreadMessageEmail(
        names.get(recipientId) ?? '',
        names.get(sender) ?? '',
        new URL(`${pathFor(party)}?conversa=${c.id}`, ctx.appUrl).toString(),
      ),
    );
    await tx
      .update(conversations)
      .set(party === 'patient' ? { patientEmailedAt: now } : { doctorEmailedAt: now })
      .where(eq(conversations.id, c.id));
    return true;
  });
  if (sent) ctx.onEmailQueued();
  return sent;
}

export function defineMessageJobs(jobs: JobQueue, ctx: () => MessagesContext) {
  jobs.define<{ conversationId: string; recipientId: string }>(UNREAD_EMAIL_JOB, async (job) => {
    await emailUnread(ctx(), job.conversationId, job.recipientId);
  });
}

// ── Reports ──

export async function reportMessage(
  ctx: MessagesContext,
  person: Viewer,
  id: string,
  messageId: string,
  input: { reason: (typeof MESSAGE_REPORT_REASONS)[number]; details?: string },
) {
  const { c } = await loadConversation(ctx.db, person, id);
  const [m] = await ctx.db
    .select({ senderId: conversationMessages.senderId })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.id, messageId), eq(conversationMessages.conversationId, c.id)));
  // Or one said in a consultation of the pair, which the conversation shows.
  const chat = m
    ? undefined
    : await chatMessageAmong(ctx.db, [...(await pairConsultations(ctx.db, c)).keys()], messageId);
  const senderId = m?.senderId ?? chat?.senderId;
  if (!senderId) throw notFound(M.messageNotFound);
  if (senderId === person.id) throw badRequest(M.cannotReportOwn);
  const inserted = await ctx.db
    .insert(messageReports)
    .values({
      ...(m ? { messageId } : { consultationMessageId: messageId }),
      conversationId: c.id,
      reporterId: person.id,
      reason: input.reason,
      details: input.details ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: messageReports.id });
  if (inserted.length === 0) throw conflict(M.alreadyReported, undefined, 'already_reported');
  await broadcastAdminChange(ctx.db, 'reports');
}

const reportSelect = sql`
  select r.id, r.reason, r.details, r.status, r.created_at, r.resolved_at, r.message_id,
    r.consultation_message_id, r.conversation_id,
    reporter.full_name as reporter_name, case when r.reporter_id = c.patient_id then 'patient' else 'doctor' end as reporter_role,
    p.full_name as patient_name, d.full_name as doctor_name, c.patient_id
  from message_reports r
  join conversations c on c.id = r.conversation_id
  join user_profiles reporter on reporter.id = r.reporter_id
  join user_profiles p on p.id = c.patient_id
  join user_profiles d on d.id = c.doctor_user_id`;

function toReport(r: Record<string, unknown>): MessageReportSummary {
  return {
    id: r.id as string,
    reason: r.reason as MessageReportSummary['reason'],
    details: (r.details as string | null) ?? null,
    status: r.status as 'open' | 'resolved',
    reporterName: String(r.reporter_name ?? ''),
    reporterRole: r.reporter_role as 'patient' | 'doctor',
    patientName: String(r.patient_name ?? ''),
    doctorName: String(r.doctor_name ?? ''),
    createdAt: iso(r.created_at) as string,
    resolvedAt: iso(r.resolved_at),
  };
}

/** The admin's list: who reported whom and why; never any message text. */
export async function listReports(db: Queryable): Promise<MessageReportSummary[]> {
  const result = await db.execute(
    sql`${reportSelect} order by (r.status = 'open') desc, r.created_at desc limit 200`,
  );
  return (result.rows as Record<string, unknown>[]).map(toReport);
}

/**
 * The reported message with five messages either side: the only message text an admin ever reads,
 * and each reading is a row of the patient's access log ("mensagem denunciada").
 */
export async function reportDetail(
  db: Queryable,
  admin: Viewer,
  reportId: string,
): Promise<MessageReportDetail> {
  const result = await db.execute(sql`${reportSelect} where r.id = ${reportId}`);
  const r = result.rows[0] as Record<string, unknown> | undefined;
  if (!r) throw notFound(M.reportNotFound);
  const conversationId = r.conversation_id as string;
  const chatMessageId = r.consultation_message_id as string | null;
  const messageId = (r.message_id as string | null) ?? (chatMessageId as string);
  const context = chatMessageId
    ? (await chatAround(db, chatMessageId)).map((m) => ({
        id: m.id,
        senderId: m.senderId,
        senderName: m.senderName,
        body: m.body,
        fileName: m.file?.name ?? null,
        createdAt: m.createdAt,
        reported: m.id === chatMessageId,
      }))
    : await conversationAround(db, conversationId, messageId);
  await recordClinicalAccess(db, {
    patientId: r.patient_id as string,
    actorId: admin.id,
    actorRole: 'admin',
    resource: 'message',
    resourceId: messageId,
    reason: 'reported_message',
  });
  return { report: toReport(r), context };
}

/** A conversation's message with five either side, oldest first. */
async function conversationAround(db: Queryable, conversationId: string, messageId: string) {
  const around = await db.execute(sql`
    with target as (select created_at, id from conversation_messages where id = ${messageId}),
    before as (
      select m.* from conversation_messages m, target t
      where m.conversation_id = ${conversationId} and (m.created_at, m.id) < (t.created_at, t.id)
      order by m.created_at desc, m.id desc limit 5),
    after as (
      select m.* from conversation_messages m, target t
      where m.conversation_id = ${conversationId} and (m.created_at, m.id) >= (t.created_at, t.id)
      order by m.created_at, m.id limit 6)
    select x.*, u.full_name as sender_name from (select * from before union all select * from after) x
    join user_profiles u on u.id = x.sender_id
    order by x.created_at, x.id`);
  return (around.rows as Record<string, unknown>[]).map((m) => ({
    id: m.id as string,
    senderId: m.sender_id as string,
    senderName: String(m.sender_name ?? ''),
    body: String(m.body ?? ''),
    fileName: (m.file_name as string | null) ?? null,
    createdAt: iso(m.created_at) as string,
    reported: m.id === messageId,
  }));
}

/** The admin closes a report; an admin action, so it is audited in the same transaction. */
export async function resolveReport(
  db: Db,
  admin: Viewer,
  reportId: string,
  ip: string | null = null,
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(messageReports)
      .set({ status: 'resolved', resolvedBy: admin.id, resolvedAt: now })
      .where(and(eq(messageReports.id, reportId), eq(messageReports.status, 'open')))
      .returning({ id: messageReports.id });
    if (updated.length === 0) {
      const [exists] = await tx
        .select({ id: messageReports.id })
        .from(messageReports)
        .where(eq(messageReports.id, reportId));
      if (!exists) throw notFound(M.reportNotFound);
      return; // already resolved: nothing changes, nothing to record
    }
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'message_report.resolved',
      entity: 'message_report',
      entityId: reportId,
      before: { status: 'open' },
      after: { status: 'resolved' },
      ip,
    });
    await broadcastAdminChange(tx, 'reports');
  });
}
