import {
  DATA_RIGHTS_MESSAGES,
  HEALTH_SPACE_PAGE_SIZE,
  type HealthSpacePage,
} from '@pulsa/shared/schemas/data-rights';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import {
  appointments,
  consultationMessages,
  doctorProfiles,
  specialties,
  userProfiles,
} from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { chatFileUrl } from '../consultations/consultations.service.ts';
import { signedRecordAppointments } from '../records/records.service.ts';

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const at = new Date(cursor.slice(0, 24));
  if (Number.isNaN(at.getTime())) throw badRequest(DATA_RIGHTS_MESSAGES.invalidCursor);
  return { at, id: cursor.slice(25) };
}

/**
 * The patient's health space: the consultations that took place (or any whose room saw a
 * message, such as one under way or one the doctor never came to), newest first, keyset-paged, each with its doctor, the
 * doctor's guidance and the files shared in it. Only `patientId`'s own: the route passes the caller.
 * The files are listed, not read: each opening goes through the consultation's file route, which
 * writes the access log.
 */
export async function healthSpacePage(
  db: Queryable,
  patientId: string,
  query: { before?: string },
  limit = HEALTH_SPACE_PAGE_SIZE,
): Promise<HealthSpacePage> {
  const before = parseCursor(query.before);
  const hasMessages = sql`exists (select 1 from ${consultationMessages} where ${consultationMessages.appointmentId} = ${appointments.id})`;
  const rows = await db
    .select({
      id: appointments.id,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      status: appointments.status,
      guidance: appointments.completionNotes,
      doctorName: userProfiles.fullName,
      crmNumber: doctorProfiles.crmNumber,
      crmState: doctorProfiles.crmState,
      specialty: specialties.name,
    })
    .from(appointments)
    .innerJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .leftJoin(specialties, eq(specialties.id, doctorProfiles.specialtyId))
    .where(
      and(
        eq(appointments.patientId, patientId),
        // Those that took place, or where something was said (a canceled one whose doctor never came).
        or(inArray(appointments.status, ['in_progress', 'completed', 'no_show']), hasMessages),
        before
          ? sql`(${appointments.startsAt}, ${appointments.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(appointments.startsAt), desc(appointments.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const ids = page.map((r) => r.id);
  const [files, counts, signed] = ids.length
    ? await Promise.all([
        db
          .select({
            id: consultationMessages.id,
            appointmentId: consultationMessages.appointmentId,
            senderId: consultationMessages.senderId,
            name: consultationMessages.fileName,
            mimeType: consultationMessages.fileMime,
            size: consultationMessages.fileSize,
            createdAt: consultationMessages.createdAt,
          })
          .from(consultationMessages)
          .where(
            and(inArray(consultationMessages.appointmentId, ids), isNotNull(consultationMessages.fileKey)),
          )
          .orderBy(asc(consultationMessages.createdAt), asc(consultationMessages.id)),
        db
          .select({ appointmentId: consultationMessages.appointmentId, n: count() })
          .from(consultationMessages)
          .where(inArray(consultationMessages.appointmentId, ids))
          .groupBy(consultationMessages.appointmentId),
        signedRecordAppointments(db, ids),
      ])
    : [[], [], new Set<string>()];
  const countOf = new Map(counts.map((c) => [c.appointmentId, Number(c.n)]));
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt.toISOString(),
      status: r.status,
      doctor: {
        name: r.doctorName,
        crm: r.crmNumber ? `CRM ${r.crmNumber}/${r.crmState ?? ''}` : null,
        specialty: r.specialty ?? null,
      },
      guidance: r.guidance,
      files: files
        .filter((f) => f.appointmentId === r.id)
        .map((f) => ({
          messageId: f.id,
          name: f.name ?? '',
          mimeType: f.mimeType ?? '',
          size: f.size ?? 0,
          sentBy: f.senderId === patientId ? ('patient' as const) : ('doctor' as const),
          sentAt: f.createdAt.toISOString(),
          url: chatFileUrl(r.id, f.id),
        })),
      messageCount: countOf.get(r.id) ?? 0,
      recordSigned: signed.has(r.id),
    })),
    next: rows.length > limit && last ? `${last.startsAt.toISOString()}_${last.id}` : null,
  };
}
