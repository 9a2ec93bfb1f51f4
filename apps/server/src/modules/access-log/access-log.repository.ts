import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.ts';
import { appointments, clinicalAccessLog, doctorProfiles, userProfiles } from '../../db/schema.ts';

export type ClinicalAccessRow = typeof clinicalAccessLog.$inferInsert;

export async function insertClinicalAccess(tx: Queryable, rows: ClinicalAccessRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(clinicalAccessLog).values(rows);
}

/** One page of a patient's log, newest first, after the keyset position (index clinical_access_log_patient_idx). */
export async function findClinicalAccess(
  db: Queryable,
  patientId: string,
  page: { before?: { at: Date; id: string }; limit: number },
) {
  const actor = alias(userProfiles, 'actor');
  const consultationDoctor = alias(userProfiles, 'consultation_doctor');
  const actorDoctor = alias(doctorProfiles, 'actor_doctor');
  const before = page.before;
  return db
    .select({
      id: clinicalAccessLog.id,
      createdAt: clinicalAccessLog.createdAt,
      actorId: clinicalAccessLog.actorId,
      actorRole: clinicalAccessLog.actorRole,
      actorName: actor.fullName,
      crmNumber: actorDoctor.crmNumber,
      crmState: actorDoctor.crmState,
      resource: clinicalAccessLog.resource,
      reason: clinicalAccessLog.reason,
      appointmentId: clinicalAccessLog.appointmentId,
      startsAt: appointments.startsAt,
      consultationDoctorName: consultationDoctor.fullName,
    })
    .from(clinicalAccessLog)
    .leftJoin(actor, eq(actor.id, clinicalAccessLog.actorId))
    .leftJoin(actorDoctor, eq(actorDoctor.userId, clinicalAccessLog.actorId))
    .leftJoin(appointments, eq(appointments.id, clinicalAccessLog.appointmentId))
    .leftJoin(doctorProfiles, eq(doctorProfiles.id, appointments.doctorId))
    .leftJoin(consultationDoctor, eq(consultationDoctor.id, doctorProfiles.userId))
    .where(
      and(
        eq(clinicalAccessLog.patientId, patientId),
        before
          ? sql`(${clinicalAccessLog.createdAt}, ${clinicalAccessLog.id}) < (${before.at.toISOString()}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(clinicalAccessLog.createdAt), desc(clinicalAccessLog.id))
    .limit(page.limit);
}

/** Every row of a patient's log, oldest first (their data export). */
export async function allClinicalAccess(db: Queryable, patientId: string) {
  return db
    .select()
    .from(clinicalAccessLog)
    .where(eq(clinicalAccessLog.patientId, patientId))
    .orderBy(asc(clinicalAccessLog.createdAt), asc(clinicalAccessLog.id));
}
