/**
 * "Baixar meus dados" at size: a patient with 100 consultations held, each with ten chat messages,
 * a 200 KB file and its access-log rows, exported by calling buildExport directly (what the job
 * runs). Prints the time of each run and the ZIP's size; measures, never asserts. Embedded database
 * by default; BENCH_DB=postgres (or DATABASE_URL) uses a fresh database on the PostgreSQL server.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  appointments,
  clinicalAccessLog,
  consentAcceptances,
  consultationMessages,
} from '../apps/server/src/db/schema.ts';
import { buildExport } from '../apps/server/src/modules/data-rights/export.ts';
import { localStorage } from '../apps/server/src/modules/files/files.local.ts';
import { createDoctor, createPatient } from '../apps/server/src/seed/factories.ts';
import { benchDatabase } from './support/databases.ts';
import { percentile } from './support/report.ts';

const CONSULTATIONS = Number(process.env.BENCH_CONSULTATIONS ?? 100);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const FILE_BYTES = 200 * 1024;
const DAY = 86_400_000;

async function main() {
  const driver = process.env.BENCH_DB === 'postgres' || process.env.DATABASE_URL ? 'postgres' : 'embedded';
  const fresh = await benchDatabase('data_export', driver);
  const database = await fresh.open();
  const storage = localStorage(fresh.dataDir);
  const dataKey = randomBytes(32);
  try {
    await database.migrate();
    const db = database.db;
    const doctor = await createDoctor(db, { fullName: 'Dra. Bench Exportação' });
    const patient = await createPatient(db, { fullName: 'Paciente Bench' });
    await db.insert(consentAcceptances).values({ userId: patient.id, version: '2026-11-1' });
    const file = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(FILE_BYTES)]);
    for (let i = 0; i < CONSULTATIONS; i++) {
      const startsAt = new Date(Date.now() - (i + 1) * DAY);
      const [a] = await db
        .insert(appointments)
        .values({
          patientId: patient.id,
          doctorId: doctor.doctorId,
          startsAt,
          endsAt: new Date(startsAt.getTime() + 30 * 60_000),
          status: 'completed',
          price: 20000,
          requestedAt: new Date(startsAt.getTime() - DAY),
          completionNotes: `Orientações da consulta ${i + 1}: manter a medicação e retornar em 30 dias.`,
        })
        .returning({ id: appointments.id });
      const appointmentId = (a as { id: string }).id;
      const key = `consultations/${randomUUID()}.pdf`;
      await storage.put(key, file, 'application/pdf');
      const messages = Array.from({ length: 10 }, (_, m) => ({
        appointmentId,
        senderId: m % 2 ? doctor.id : patient.id,
        body: `Mensagem ${m + 1} da consulta ${i + 1}, com um texto de tamanho comum numa conversa.`,
        createdAt: new Date(startsAt.getTime() + m * 60_000),
      }));
      const inserted = await db
        .insert(consultationMessages)
        .values([
          ...messages,
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
      const fileMessage = inserted.at(-1)?.id ?? '';
      await db.insert(clinicalAccessLog).values([
        {
          patientId: patient.id,
          actorId: doctor.id,
          actorRole: 'doctor',
          resource: 'consultation_file',
          resourceId: fileMessage,
          reason: 'own_consultation',
          appointmentId,
        },
        {
          patientId: patient.id,
          actorId: patient.id,
          actorRole: 'patient',
          resource: 'consultation_file',
          resourceId: fileMessage,
          reason: 'own_data',
          appointmentId,
        },
      ]);
    }
    process.stdout.write(
      `${database.driver}: a patient with ${CONSULTATIONS} consultations, ${CONSULTATIONS * 11} messages, ${CONSULTATIONS} files of ${FILE_BYTES / 1024} KB\n`,
    );
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      const built = await buildExport({ db, storage, dataKey }, patient.id);
      const ms = performance.now() - t;
      times.push(ms);
      process.stdout.write(
        `run ${run + 1}: ${(ms / 1000).toFixed(2)} s, ZIP ${(built.zip.byteLength / 1024 / 1024).toFixed(1)} MB, ${built.bundle.entry?.length ?? 0} resources, ${built.fileCount} files\n`,
      );
    }
    process.stdout.write(
      `export of ${CONSULTATIONS} consultations: p50 ${(percentile(times, 50) / 1000).toFixed(2)} s, max ${(Math.max(...times) / 1000).toFixed(2)} s (target ≤ 10 s)\n`,
    );
  } finally {
    await database.close();
    await fresh.remove();
  }
}

await main();
