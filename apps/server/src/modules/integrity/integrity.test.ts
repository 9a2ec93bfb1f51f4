import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  clinicalDocuments,
  clinicalRecordAddenda,
  clinicalRecords,
  consultationMessages,
  ledgerEntries,
  ledgerTransactions,
  payments,
} from '../../db/schema.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { multipartFile } from '../../test/multipart.ts';
import { localSigning, openSigningSession } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { samplePdf } from '../files/files.samples.ts';
import { createFileStorage } from '../files/files.service.ts';
import type { FileStorage } from '../files/files.storage.ts';
import { checkIntegrity, type IntegrityReport } from './integrity.service.ts';

/**
 * The integrity check (decision 138) on a database filled through the API, then on the same
 * database damaged the ways a bad restore, a hand edit or a lost object would damage it: each
 * damage must be named, and nothing else.
 */

let app: FastifyInstance;
let storage: FileStorage;
let signing: Awaited<ReturnType<typeof localSigning>>;

const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));

/** What the fill made, to damage and to name in the expected problems. */
const made = {
  appointmentId: '',
  recordId: '',
  addendumId: '',
  documentId: '',
  chatFileKey: '',
  ledgerTransactionId: '',
};

const check = () => checkIntegrity({ db: app.db, dataKey: TEST_ENCRYPTION_KEY, storage });
const named = (report: IntegrityReport) => report.problems.map((p) => `${p.check} ${p.subject}`);

beforeAll(async () => {
  signing = await localSigning();
  app = await createTestApp({ signature: signing.settings });
  storage = createFileStorage(app.config);
  const signIn = async (email: string, password: string) =>
    sessionCookieFrom(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    );
  const doctor = await createDoctor(app.db, { availability: everyDay, consultationPrice: 20_000 });
  const patient = await createPatient(app.db);
  const doctorCookie = await signIn(doctor.email, doctor.password);
  const patientCookie = await signIn(patient.email, patient.password);
  const call = async (method: 'POST' | 'PUT', url: string, cookie: string, payload?: object) => {
    const res = await app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res.json();
  };
  await call('POST', '/api/patient/consent', patientCookie);

  // A consultation under way: its record signed with an addendum, a signed prescription, a file.
  const startsAt = new Date(Date.now() - 10 * 60_000);
  const [consultation] = await app.db
    .insert(appointments)
    .values({
      patientId: patient.id,
      doctorId: doctor.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: 'in_progress',
      price: 20_000,
      requestedAt: new Date(startsAt.getTime() - 86_400_000),
    })
    .returning({ id: appointments.id });
  made.appointmentId = (consultation as { id: string }).id;
  const base = `/api/consultations/${made.appointmentId}`;
  const draft = await call('PUT', `${base}/record`, doctorCookie, {
    revision: 0,
    content: {
      subjective: 'Tosse seca há 3 dias, sem febre.',
      objective: 'Bom estado geral.',
      assessment: 'Quadro viral provável.',
      plan: 'Hidratação e retorno se piorar.',
      conduct: 'Orientações gerais.',
      diagnoses: [{ code: 'J06.9', principal: true }],
    },
  });
  made.recordId = (
    await call('POST', `${base}/record/sign`, doctorCookie, {
      revision: draft.revision,
      password: doctor.password,
    })
  ).id;
  made.addendumId = (
    await call('POST', `${base}/record/addenda`, doctorCookie, {
      text: 'Paciente retornou contato: melhora da tosse.',
      password: doctor.password,
    })
  ).id;
  await openSigningSession(app, signing.psc, { userId: doctor.id, cookie: doctorCookie });
  const document = await call('POST', `${base}/documents`, doctorCookie, {
    type: 'prescription',
    items: [
      {
        medicine: 'Paracetamol',
        presentation: 'comprimido 500 mg',
        dose: '1 comprimido',
        route: 'oral',
        frequency: 'de 8 em 8 horas',
        duration: '3 dias',
        quantity: '9 comprimidos',
        instructions: '',
      },
    ],
  });
  expect(document.signer).toBe('cloud');
  made.documentId = document.id;
  const form = multipartFile(await samplePdf(['Hemograma']), 'hemograma.pdf', 'application/pdf');
  const shared = await app.inject({
    method: 'POST',
    url: `${base}/files`,
    payload: form.payload,
    headers: { ...form.headers, cookie: patientCookie },
  });
  expect(shared.statusCode, shared.body).toBe(201);
  const [message] = await app.db
    .select({ fileKey: consultationMessages.fileKey })
    .from(consultationMessages)
    .where(eq(consultationMessages.appointmentId, made.appointmentId));
  made.chatFileKey = message?.fileKey ?? '';

  // Money: a consultation booked and paid by PIX, whose capture the ledger posts.
  const day = addDays(localDateOf(new Date(), 'America/Sao_Paulo'), 5);
  const booked = await call('POST', '/api/appointments', patientCookie, {
    doctorId: doctor.doctorId,
    startsAt: new Date(`${day}T10:00:00-03:00`).toISOString(),
    method: 'pix',
    acceptPolicy: true,
  });
  await call('POST', `/api/appointments/${booked.id}/payment/simulate`, patientCookie);
  const [capture] = await app.db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .innerJoin(payments, eq(payments.id, ledgerTransactions.paymentId))
    .where(eq(payments.appointmentId, booked.id));
  made.ledgerTransactionId = capture?.id ?? '';
  expect(made.ledgerTransactionId).not.toBe('');
}, 120_000);

describe('the integrity check', () => {
  it('finds nothing wrong in a database the app wrote, and counts what it checked', async () => {
    const report = await check();
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({ signedRecords: 1, addenda: 1, documents: 1 });
    // The prescription's PDF and the file shared in the room.
    expect(report.files).toBe(2);
    expect(report.ledger.transactions).toBeGreaterThan(0);
    expect(report.ledger.entries).toBeGreaterThanOrEqual(2 * report.ledger.transactions);
    // Every transaction balances, so the accounts sum to zero.
    expect(Object.values(report.ledger.totals).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('with another data key, says every signed record and addendum cannot be read', async () => {
    const report = await checkIntegrity({ db: app.db, dataKey: Buffer.alloc(32, 99), storage });
    expect(named(report)).toEqual([
      `addendum_unreadable ${made.addendumId}`,
      `record_unreadable ${made.recordId}`,
    ]);
  });

  it('names each damage: an unbalanced entry, altered signed texts, a changed PDF, a lost file', async () => {
    // A ledger entry changed behind the append-only rule (its trigger off inside one transaction).
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table ledger_entries disable trigger ledger_entries_append_only`);
      await tx.execute(sql`
        update ledger_entries set amount = amount + 100
        where id = (select min(id) from ledger_entries where transaction_id = ${made.ledgerTransactionId})`);
      await tx.execute(sql`alter table ledger_entries enable trigger ledger_entries_append_only`);
    });
    const [changed] = await app.db
      .select({
        account: ledgerEntries.account,
        day: sql<string>`to_char((${ledgerEntries.effectiveAt} at time zone 'America/Sao_Paulo')::date, 'YYYY-MM-DD')`,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, made.ledgerTransactionId))
      .orderBy(ledgerEntries.id)
      .limit(1);

    // The signed record's and the addendum's texts rewritten, validly encrypted, behind their locks.
    const [record] = await app.db.select().from(clinicalRecords).where(eq(clinicalRecords.id, made.recordId));
    const stored = JSON.parse(decryptText(TEST_ENCRYPTION_KEY, record?.content ?? ''));
    stored.content.plan = 'Antibiótico por 7 dias.';
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`alter table clinical_records disable trigger clinical_records_locked`);
      await tx
        .update(clinicalRecords)
        .set({ content: encryptText(TEST_ENCRYPTION_KEY, JSON.stringify(stored)) })
        .where(eq(clinicalRecords.id, made.recordId));
      await tx.execute(sql`alter table clinical_records enable trigger clinical_records_locked`);
      await tx.execute(
        sql`alter table clinical_record_addenda disable trigger clinical_record_addenda_append_only`,
      );
      await tx
        .update(clinicalRecordAddenda)
        .set({ content: encryptText(TEST_ENCRYPTION_KEY, 'Paciente piorou.') })
        .where(eq(clinicalRecordAddenda.id, made.addendumId));
      await tx.execute(
        sql`alter table clinical_record_addenda enable trigger clinical_record_addenda_append_only`,
      );
    });

    // One byte of the signed prescription changed in the store; the room's file lost.
    const [document] = await app.db
      .select({ storageKey: clinicalDocuments.storageKey })
      .from(clinicalDocuments)
      .where(eq(clinicalDocuments.id, made.documentId));
    const key = document?.storageKey ?? '';
    const stream = await storage.get(key);
    if (!stream) throw new Error('the prescription has no PDF');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
    const pdf = Buffer.concat(chunks);
    pdf[200] = (pdf[200] as number) ^ 1;
    await storage.put(key, pdf, 'application/pdf');
    await storage.delete(made.chatFileKey);

    const report = await check();
    expect(named(report).sort()).toEqual(
      [
        `addendum_hash ${made.addendumId}`,
        `document_hash ${made.documentId}`,
        `document_signature ${made.documentId}`,
        `file_missing ${made.chatFileKey}`,
        `ledger_rollup ${changed?.day} ${changed?.account}`,
        `ledger_unbalanced ${made.ledgerTransactionId}`,
        `record_hash ${made.recordId}`,
      ].sort(),
    );
    expect(report.problems.find((p) => p.check === 'ledger_unbalanced')?.detail).toMatch(/summing to 100$/);
  });
});
