import { randomBytes, randomUUID } from 'node:crypto';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  appointments,
  clinicalAccessLog,
  clinicalRecords,
  consentAcceptances,
  consultationMessages,
} from '../../apps/server/src/db/schema.ts';
import type { FileStorage } from '../../apps/server/src/modules/files/files.storage.ts';
import { createPatient } from '../../apps/server/src/seed/factories.ts';

const DAY = 86_400_000;
const FILE_BYTES = 200 * 1024;

/**
 * A patient with `consultations` held with one doctor, each with ten chat messages, a 200 KB file,
 * a signed record and its access-log rows: what "Baixar meus dados" gathers for a patient who has
 * been with Pulsa for years.
 */
export async function fillExportPatient(
  database: Database,
  storage: FileStorage,
  doctor: { userId: string; doctorId: string },
  consultations: number,
  encryptedNote: string,
): Promise<string> {
  const db = database.db;
  const patient = await createPatient(db, { fullName: 'Paciente Exportação Bench' });
  await db.insert(consentAcceptances).values({ userId: patient.id, version: '2026-11-1' });
  const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES)]);
  for (let i = 0; i < consultations; i++) {
    const startsAt = new Date(Date.now() - (i + 2) * DAY);
    const endsAt = new Date(startsAt.getTime() + 30 * 60_000);
    const [a] = await db
      .insert(appointments)
      .values({
        patientId: patient.id,
        doctorId: doctor.doctorId,
        startsAt,
        endsAt,
        status: 'completed',
        price: 20000,
        requestedAt: new Date(startsAt.getTime() - DAY),
        completionNotes: `Orientações da consulta ${i + 1}: manter a medicação e retornar em 30 dias.`,
      })
      .returning({ id: appointments.id });
    const appointmentId = (a as { id: string }).id;
    const key = `consultations/${randomUUID()}.pdf`;
    await storage.put(key, file, 'application/pdf');
    const inserted = await db
      .insert(consultationMessages)
      .values([
        ...Array.from({ length: 10 }, (_, m) => ({
          appointmentId,
          senderId: m % 2 ? doctor.userId : patient.id,
          body: `Mensagem ${m + 1} da consulta ${i + 1}, com um texto de tamanho comum numa conversa.`,
          createdAt: new Date(startsAt.getTime() + m * 60_000),
        })),
        {
          appointmentId,
          senderId: patient.id,
          body: '',
          fileKey: key,
          fileName: `exame-${i + 1}.pdf`,
          fileMime: 'application/pdf',
          fileSize: file.length,
          createdAt: new Date(startsAt.getTime() + 11 * 60_000),
        },
      ])
      .returning({ id: consultationMessages.id });
    const [record] = await db
      .insert(clinicalRecords)
      .values({
        appointmentId,
        patientId: patient.id,
        authorId: doctor.userId,
        content: encryptedNote,
        revision: 3,
        contentHash: randomBytes(32).toString('hex'),
        signedAt: new Date(endsAt.getTime() + 10 * 60_000),
      })
      .returning({ id: clinicalRecords.id });
    await db.insert(clinicalAccessLog).values([
      {
        patientId: patient.id,
        actorId: doctor.userId,
        actorRole: 'doctor',
        resource: 'consultation_file',
        resourceId: inserted.at(-1)?.id ?? '',
        reason: 'own_consultation',
        appointmentId,
      },
      {
        patientId: patient.id,
        actorId: doctor.userId,
        actorRole: 'doctor',
        resource: 'record',
        resourceId: record?.id ?? '',
        reason: 'own_consultation',
        appointmentId,
      },
    ]);
  }
  return patient.id;
}
