import type { Readable } from 'node:stream';
import { TELECONSULTATION_CONSENT } from '@pulsa/shared/constants/consent';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import {
  type ConsentRecord,
  type DataExport,
  type DeleteAccountInput,
  type DeletionPreview,
  EXPORT_LINK_DAYS,
  DATA_RIGHTS_MESSAGES as M,
  type OwnProfile,
} from '@pulsa/shared/schemas/data-rights';
import { and, asc, desc, eq, gt, inArray, isNotNull } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.ts';
import {
  accountDeletions,
  appointments,
  authTokens,
  consentAcceptances,
  dataExports,
  doctorAgendaExceptions,
  doctorAvailability,
  doctorDocuments,
  doctorPatientInvitations,
  doctorPatients,
  doctorProfiles,
  emailChanges,
  knownDevices,
  notifications,
  pushSubscriptions,
  sessions,
  signInChallenges,
  trustedDevices,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import type { JobQueue } from '../../lib/jobs.ts';
import { hashToken, newSecretToken } from '../../lib/tokens.ts';
import type { SessionInfo } from '../../plugins/session.ts';
import type { AccountService } from '../account/account.service.ts';
import type { BookingContext, Viewer } from '../appointments/appointments.context.ts';
import { act, cancellationPreview } from '../appointments/appointments.lifecycle.ts';
import { enqueueEmail } from '../email/email.outbox.ts';
import { accountDeletedEmail, dataExportReadyEmail } from '../email/email.templates.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { erasePayoutDetailsIfSettled } from '../payouts/payout-details-erasure.ts';
import { revokeAllShares } from '../records/records.service.ts';
import type { ExportUser } from './export.sections.ts';
import { buildExport } from './export.ts';
import { retainUntil } from './retention.ts';

export const DATA_EXPORT_JOB = 'data-export';
export const DATA_EXPORT_EXPIRY_JOB = 'data-export-expiry';

export interface DataRightsContext {
  db: Db;
  storage: FileStorage;
  jobs: JobQueue;
  appUrl: string;
  /** The installation's data key: the emailed link is a live secret, sealed in the outbox. */
  encryptionKey: Buffer;
  booking: BookingContext;
  account: AccountService;
  onEmailQueued: () => void;
}

const DAY = 86_400_000;
/** A request younger than this that has not finished blocks another (a double click, an impatient retry). */
const EXPORT_RUNNING_WINDOW_MS = 30 * 60_000;

type Person = Pick<SessionUser, 'id' | 'role'>;

async function exportUserOf(db: Queryable, person: Person): Promise<ExportUser> {
  if (person.role === 'doctor') {
    const [doctor] = await db
      .select({ id: doctorProfiles.id })
      .from(doctorProfiles)
      .where(eq(doctorProfiles.userId, person.id));
    return { id: person.id, role: 'doctor', doctorId: doctor?.id ?? null };
  }
  return { id: person.id, role: 'patient', doctorId: null };
}

const toDto = (r: typeof dataExports.$inferSelect): DataExport => ({
  id: r.id,
  status: r.status,
  requestedAt: r.createdAt.toISOString(),
  completedAt: r.completedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt?.toISOString() ?? null,
  sizeBytes: r.sizeBytes,
});

// ── Export ──

/** The person's last exports, newest first. */
export async function listExports(ctx: DataRightsContext, person: Person): Promise<DataExport[]> {
  const rows = await ctx.db
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, person.id))
    .orderBy(desc(dataExports.createdAt))
    .limit(5);
  return rows.map(toDto);
}

/** "Baixar meus dados": one request at a time; the job builds it and emails the link. */
export async function requestExport(ctx: DataRightsContext, person: Person, now = new Date()) {
  const row = await ctx.db.transaction(async (tx) => {
    // The user's row lock serialises two clicks.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, person.id)).for('update');
    const [running] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.userId, person.id),
          eq(dataExports.status, 'pending'),
          gt(dataExports.createdAt, new Date(now.getTime() - EXPORT_RUNNING_WINDOW_MS)),
        ),
      );
    if (running) throw conflict(M.exportAlreadyRunning, undefined, 'export_running');
    const [created] = await tx.insert(dataExports).values({ userId: person.id }).returning();
    return created as typeof dataExports.$inferSelect;
  });
  await ctx.jobs.send(DATA_EXPORT_JOB, { exportId: row.id }, { id: row.id });
  return toDto(row);
}

/** The job: builds the ZIP, keeps it privately, emails a link that works EXPORT_LINK_DAYS days. */
export async function runExport(ctx: DataRightsContext, exportId: string, now = new Date()) {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (row?.status !== 'pending') return;
  const built = await buildExport(
    { db: ctx.db, storage: ctx.storage, dataKey: ctx.encryptionKey, now },
    row.userId,
  );
  const key = `exports/${row.id}.zip`;
  await ctx.storage.put(key, Buffer.from(built.zip), 'application/zip');
  const token = newSecretToken();
  const expiresAt = new Date(now.getTime() + EXPORT_LINK_DAYS * DAY);
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(dataExports)
      .set({
        status: 'ready',
        storageKey: key,
        sizeBytes: built.zip.byteLength,
        tokenHash: hashToken(token),
        expiresAt,
        completedAt: now,
      })
      .where(eq(dataExports.id, row.id));
    const [profile] = await tx
      .select({ name: userProfiles.fullName, email: userProfiles.email })
      .from(userProfiles)
      .where(eq(userProfiles.id, row.userId));
    if (profile)
      await enqueueEmail(
        tx,
        profile.email,
        dataExportReadyEmail(profile.name, exportDownloadUrl(ctx.appUrl, row.id, token), expiresAt),
        { encryptionKey: ctx.encryptionKey },
      );
  });
  ctx.onEmailQueued();
  await ctx.jobs.send(DATA_EXPORT_EXPIRY_JOB, { exportId: row.id }, { startAfter: expiresAt });
}

export const exportDownloadUrl = (appUrl: string, id: string, token: string) =>
  `${appUrl}/api/account/data-exports/${id}/download?token=${encodeURIComponent(token)}`;

/** A failed build after its retries: the person sees it failed and may ask again. */
export async function failExport(ctx: DataRightsContext, exportId: string) {
  await ctx.db
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
}

/** The emailed link: the right token, before it expires (the file is removed after). */
export async function openExport(
  ctx: DataRightsContext,
  exportId: string,
  token: string,
  now = new Date(),
): Promise<{ stream: Readable; fileName: string }> {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  const valid =
    row?.status === 'ready' &&
    row.tokenHash === hashToken(token) &&
    row.storageKey &&
    row.expiresAt &&
    row.expiresAt > now;
  if (!valid || !row.storageKey) throw notFound(M.exportLinkInvalid);
  const stream = await ctx.storage.get(row.storageKey);
  if (!stream) throw notFound(M.exportLinkInvalid);
  await ctx.db.update(dataExports).set({ downloadedAt: now }).where(eq(dataExports.id, row.id));
  return { stream, fileName: `pulsa-meus-dados-${row.createdAt.toISOString().slice(0, 10)}.zip` };
}

/** After EXPORT_LINK_DAYS: the file goes, the row stays as the record that a copy was given. */
export async function expireExport(ctx: DataRightsContext, exportId: string, now = new Date()) {
  const [row] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (row?.status !== 'ready' || !row.expiresAt || row.expiresAt > now) return;
  if (row.storageKey) await ctx.storage.delete(row.storageKey);
  await ctx.db
    .update(dataExports)
    .set({ status: 'expired', storageKey: null, tokenHash: null })
    .where(eq(dataExports.id, row.id));
}

/** The export jobs, defined once while the app is built. */
export function defineDataRightsJobs(ctx: () => DataRightsContext) {
  const jobs = ctx().jobs;
  jobs.define<{ exportId: string }>(
    DATA_EXPORT_JOB,
    async (data, job) => {
      try {
        await runExport(ctx(), data.exportId);
      } catch (error) {
        // The last attempt marks it failed, so the person is not left waiting for an email.
        if (job.attempt > 3) await failExport(ctx(), data.exportId);
        throw error;
      }
    },
    { retryLimit: 3, expireInSeconds: 900, batchSize: 1 },
  );
  jobs.define<{ exportId: string }>(DATA_EXPORT_EXPIRY_JOB, (data) => expireExport(ctx(), data.exportId));
}

// ── Consents ──

/** Consents with their versions and dates: the terms at sign-up and every TCLE acceptance. */
export async function consentsOf(db: Queryable, person: Person): Promise<ConsentRecord[]> {
  const [account] = await db
    .select({ createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, person.id));
  const rows = await db
    .select()
    .from(consentAcceptances)
    .where(eq(consentAcceptances.userId, person.id))
    .orderBy(desc(consentAcceptances.acceptedAt));
  return [
    ...rows.map((c) => ({
      kind: 'teleconsultation' as const,
      title: TELECONSULTATION_CONSENT.title,
      version: c.version,
      acceptedAt: c.acceptedAt.toISOString(),
      withdrawnAt: c.withdrawnAt?.toISOString() ?? null,
    })),
    ...(account
      ? [
          {
            kind: 'terms' as const,
            title: 'Termos de uso e Política de privacidade',
            version: 'Aceite no cadastro',
            acceptedAt: account.createdAt.toISOString(),
            withdrawnAt: null,
          },
        ]
      : []),
  ];
}

// ── Profile ──

export async function ownProfile(db: Queryable, person: Person): Promise<OwnProfile> {
  const [row] = await db
    .select({ name: userProfiles.fullName, email: userProfiles.email, phone: userProfiles.phone })
    .from(userProfiles)
    .where(eq(userProfiles.id, person.id));
  if (!row) throw notFound();
  return row;
}

/** Name and phone; the email changes through its own confirmed flow (account security). */
export async function updateProfile(
  db: Queryable,
  person: Person,
  input: { name: string; phone: string },
): Promise<OwnProfile> {
  await db
    .update(userProfiles)
    .set({ fullName: input.name, phone: input.phone, phoneVerified: false, updatedAt: new Date() })
    .where(eq(userProfiles.id, person.id));
  return ownProfile(db, person);
}

// ── Deletion ──

const FUTURE_STATUSES = ['scheduled', 'confirmed'] as const;

async function consultationsOf(db: Queryable, user: ExportUser) {
  const mine =
    user.role === 'doctor' && user.doctorId
      ? eq(appointments.doctorId, user.doctorId)
      : eq(appointments.patientId, user.id);
  return db
    .select({
      id: appointments.id,
      status: appointments.status,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      patientId: appointments.patientId,
      requestedAt: appointments.requestedAt,
      doctorUserId: doctorProfiles.userId,
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .where(and(mine, inArray(appointments.status, ['scheduled', 'confirmed', 'in_progress'])))
    .orderBy(asc(appointments.startsAt));
}

/** A consultation whose room is open now (started and not over) blocks the deletion. */
const underWay = (a: { status: string; startsAt: Date; endsAt: Date }, now: Date) =>
  a.status === 'in_progress' || (a.status === 'confirmed' && a.startsAt <= now && a.endsAt > now);

/** What deleting the account would do, shown before the person confirms. */
export async function deletionPreview(
  ctx: DataRightsContext,
  person: Person,
  now = new Date(),
): Promise<DeletionPreview> {
  if (person.role === 'admin') throw forbidden(M.adminCannotDelete);
  const user = await exportUserOf(ctx.db, person);
  const active = await consultationsOf(ctx.db, user);
  const future = active.filter(
    (a) =>
      (FUTURE_STATUSES as readonly string[]).includes(a.status) &&
      a.startsAt > now &&
      !(user.role === 'doctor' && a.status === 'scheduled' && !a.requestedAt),
  );
  const otherIds = future.map((a) => (user.role === 'patient' ? a.doctorUserId : a.patientId));
  const names = otherIds.length
    ? await ctx.db
        .select({ id: userProfiles.id, name: userProfiles.fullName })
        .from(userProfiles)
        .where(inArray(userProfiles.id, otherIds))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const viewer: Viewer = { id: person.id, role: person.role };
  const futureConsultations = [];
  for (const a of future) {
    // The refund is the lifecycle's own answer for this person cancelling now: no second rule.
    const preview = await cancellationPreview(ctx.booking, viewer, a.id, now);
    futureConsultations.push({
      id: a.id,
      startsAt: a.startsAt.toISOString(),
      otherParty: nameOf.get(user.role === 'patient' ? a.doctorUserId : a.patientId) ?? '',
      refundAmount: preview.refund === 'full' ? preview.amount : 0,
    });
  }
  return {
    retainUntil: await retainUntil(ctx.db, user),
    futureConsultations,
    blockedByConsultation: active.some((a) => underWay(a, now)),
  };
}

const deletedEmail = (userId: string) => `conta-excluida-${userId}@excluida.pulsa.invalid`;
export const DELETED_NAME = 'Conta excluída';

/**
 * "Excluir minha conta" (decision 089): the password (and code) again; future consultations
 * canceled by the lifecycle's own cancel (its refund rule); then, at once, everything that is not
 * clinical is anonymised or removed and every session ends. Consultations, chat, files, consents,
 * the access log, records, payments and the ledger stay (the law keeps them).
 */
export async function deleteAccount(
  ctx: DataRightsContext,
  who: { user: SessionUser; session: SessionInfo },
  input: DeleteAccountInput,
  now = new Date(),
): Promise<void> {
  const person = who.user;
  if (person.role === 'admin') throw forbidden(M.adminCannotDelete);
  await ctx.account.reauthenticate(who.user, who.session, { password: input.password, code: input.code });
  const user = await exportUserOf(ctx.db, person);
  const active = await consultationsOf(ctx.db, user);
  if (active.some((a) => underWay(a, now)))
    throw conflict(M.consultationInProgress, undefined, 'consultation_in_progress');
  const viewer: Viewer = { id: person.id, role: person.role };
  const reason = person.role === 'doctor' ? 'Conta do médico excluída' : 'Conta do paciente excluída';
  let canceled = 0;
  for (const a of active) {
    if (!(FUTURE_STATUSES as readonly string[]).includes(a.status) || a.startsAt <= now) continue;
    // A doctor answers a request waiting for them by refusing it (the lifecycle's way for a doctor);
    // an unpaid hold on their agenda expires by itself within minutes, and no one can pay it now
    // that the profile is off the platform.
    if (person.role === 'doctor' && a.status === 'scheduled') {
      if (!a.requestedAt) continue;
      await act(ctx.booking, viewer, a.id, { kind: 'reject' }, now);
    } else await act(ctx.booking, viewer, a.id, { kind: 'cancel', reason }, now);
    canceled++;
  }
  const keepUntil = await retainUntil(ctx.db, user);
  const removedFiles: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const [profile] = await tx
      .select({ name: userProfiles.fullName, email: userProfiles.email })
      .from(userProfiles)
      .where(eq(userProfiles.id, person.id));
    // The last message to the old address, before it is gone.
    if (profile) await enqueueEmail(tx, profile.email, accountDeletedEmail(profile.name, keepUntil));
    const placeholder = deletedEmail(person.id);
    await tx
      .update(users)
      // Not a scrypt hash: no password ever matches it.
      .set({ email: placeholder, passwordHash: 'deleted', emailVerifiedAt: null, updatedAt: now })
      .where(eq(users.id, person.id));
    await tx
      .update(userProfiles)
      .set({
        fullName: DELETED_NAME,
        email: placeholder,
        phone: null,
        cpf: null,
        profileImageUrl: null,
        birthDate: null,
        billingAddress: null,
        emailVerified: false,
        phoneVerified: false,
        cpfVerified: false,
        updatedAt: now,
      })
      .where(eq(userProfiles.id, person.id));
    for (const table of [
      sessions,
      authTokens,
      signInChallenges,
      trustedDevices,
      knownDevices,
      twoFactorSecrets,
      twoFactorRecoveryCodes,
      emailChanges,
      notifications,
      // No browser of the deleted account is notified again.
      pushSubscriptions,
    ])
      await tx.delete(table).where(eq(table.userId, person.id));
    // Doctors' lists held a copy of the patient's name and contacts.
    await tx
      .update(doctorPatients)
      .set({ patientName: DELETED_NAME, patientEmail: null, patientPhone: null })
      .where(eq(doctorPatients.patientId, person.id));
    await tx.delete(doctorPatientInvitations).where(eq(doctorPatientInvitations.patientId, person.id));
    // Other doctors read the patient's records only while shared: the shares end with the account.
    await revokeAllShares(tx, person.id);
    if (user.doctorId) {
      const docs = await tx
        .delete(doctorDocuments)
        .where(eq(doctorDocuments.doctorId, user.doctorId))
        .returning({ key: doctorDocuments.storageKey });
      removedFiles.push(...docs.map((d) => d.key));
      await tx.delete(doctorAvailability).where(eq(doctorAvailability.doctorId, user.doctorId));
      await tx.delete(doctorAgendaExceptions).where(eq(doctorAgendaExceptions.doctorId, user.doctorId));
      // Off the public pages and the search: only approved doctors are listed.
      await tx
        .update(doctorProfiles)
        .set({
          verificationStatus: 'rejected',
          rejectionReason: DELETED_NAME,
          slug: null,
          bio: null,
          professionalExperience: null,
          education: null,
          updatedAt: now,
        })
        .where(eq(doctorProfiles.id, user.doctorId));
    }
    // Copies of the data waiting to be downloaded go with the account.
    const copies = await tx
      .select({ key: dataExports.storageKey })
      .from(dataExports)
      .where(and(eq(dataExports.userId, person.id), isNotNull(dataExports.storageKey)));
    removedFiles.push(...copies.flatMap((c) => (c.key ? [c.key] : [])));
    await tx
      .update(dataExports)
      .set({ status: 'expired', storageKey: null, tokenHash: null })
      .where(and(eq(dataExports.userId, person.id), inArray(dataExports.status, ['ready', 'pending'])));
    await tx.insert(accountDeletions).values({
      userId: person.id,
      role: person.role as 'patient' | 'doctor',
      deletedAt: now,
      retainUntil: keepUntil,
      canceledAppointments: canceled,
    });
    // The PIX key (or Connect account) stays only while a payout is still owed (decision 109).
    if (user.doctorId) await erasePayoutDetailsIfSettled(tx, user.doctorId);
  });
  ctx.onEmailQueued();
  if (user.doctorId) removedFiles.push(`photos/${user.doctorId}.webp`);
  for (const key of removedFiles) await ctx.storage.delete(key).catch(() => undefined);
}
