import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountDeletions,
  appointments,
  clinicalAccessLog,
  clinicalDocuments,
  clinicalRecords,
  consentAcceptances,
  consultationMessages,
  dataExports,
  doctorProfiles,
  payments,
  payoutAccounts,
  payouts,
  recordShares,
  sessions,
  userProfiles,
  users,
} from '../../db/schema.ts';
import { dataKeyOf } from '../../lib/encryption.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { lastEmailTo } from '../../test/outbox.ts';
import { localSigning, openSigningSession } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { addDays, localDateOf } from '../doctors/slots.ts';
import { samplePdf } from '../files/files.samples.ts';
import { createFileStorage } from '../files/files.service.ts';
import { postPayout } from '../ledger/ledger.service.ts';
import { SANDBOX_CARDS } from '../payments/sandbox-provider.ts';
import { erasePayoutDetailsIfSettled } from '../payouts/payout-details-erasure.ts';
import { buildExport } from './export.ts';

let app: FastifyInstance;
let pdf: Buffer;

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return sessionCookieFrom(res);
}

const call = (method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

async function until<T>(check: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

type Person = Awaited<ReturnType<typeof createPatient>> & { cookie: string };

let heldCount = 0;
/** A consultation held yesterday with a chat message and a file from each side. */
async function heldConsultation(
  patient: Person,
  doctor: Awaited<ReturnType<typeof createDoctor>>,
  marker: string,
  doctorCookie = doctorA.cookie,
) {
  heldCount++;
  const startsAt = new Date(Date.now() - (24 + heldCount) * 3_600_000);
  const [a] = await app.db
    .insert(appointments)
    .values({
      patientId: patient.id,
      doctorId: doctor.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: 'completed',
      price: 15000,
      requestedAt: new Date(startsAt.getTime() - 86_400_000),
      completionNotes: `Orientação ${marker}`,
    })
    .returning({ id: appointments.id });
  const id = (a as { id: string }).id;
  const storage = createFileStorage(app.config);
  const fileKey = `consultations/${randomUUID()}.pdf`;
  await storage.put(fileKey, pdf, 'application/pdf');
  const [msg] = await app.db
    .insert(consultationMessages)
    .values([
      { appointmentId: id, senderId: patient.id, body: `Paciente diz ${marker}`, createdAt: startsAt },
      {
        appointmentId: id,
        senderId: doctor.id,
        body: `Médico responde ${marker}`,
        createdAt: new Date(startsAt.getTime() + 60_000),
      },
      {
        appointmentId: id,
        senderId: doctor.id,
        body: '',
        fileKey,
        fileName: `exame-${marker}.pdf`,
        fileMime: 'application/pdf',
        fileSize: pdf.length,
        createdAt: new Date(startsAt.getTime() + 120_000),
      },
    ])
    .returning({ id: consultationMessages.id, fileKey: consultationMessages.fileKey })
    .then((rows) => rows.filter((r) => r.fileKey));
  // The doctor records and signs the consultation, and issues a report from it.
  const saved = await call('PUT', `/api/consultations/${id}/record`, doctorCookie, {
    revision: 0,
    content: { subjective: `Queixa ${marker}`, diagnoses: [{ code: 'J06.9', principal: true }] },
  });
  expect(saved.statusCode).toBe(200);
  const signed = await call('POST', `/api/consultations/${id}/record/sign`, doctorCookie, {
    revision: saved.json().revision,
    password: doctor.password,
  });
  expect(signed.statusCode).toBe(200);
  const report = await call('POST', `/api/consultations/${id}/documents`, doctorCookie, {
    type: 'report',
    text: `Relatório ${marker}`,
  });
  expect(report.statusCode).toBe(201);
  return { id, fileMessageId: (msg as { id: string }).id };
}

const doctorA = { doctor: undefined as unknown as Awaited<ReturnType<typeof createDoctor>>, cookie: '' };
let ana: Person;
let bruno: Person;
let anaVisit: { id: string; fileMessageId: string };
let brunoVisit: { id: string; fileMessageId: string };

async function person(fullName: string): Promise<Person> {
  const p = await createPatient(app.db, { fullName });
  return { ...p, cookie: await signIn(p.email, p.password) };
}

beforeAll(async () => {
  // The doctor signs with their own (test-chain) certificate: only signed documents are exported.
  const signing = await localSigning();
  app = await createTestApp({ signature: signing.settings });
  pdf = await samplePdf(['Exame de sangue']);
  doctorA.doctor = await createDoctor(app.db, { fullName: 'Dra. Lúcia Direitos' });
  doctorA.cookie = await signIn(doctorA.doctor.email, doctorA.doctor.password);
  await openSigningSession(app, signing.psc, { userId: doctorA.doctor.id, cookie: doctorA.cookie });
  ana = await person('Ana Exportadora');
  bruno = await person('Bruno Vizinho');
  anaVisit = await heldConsultation(ana, doctorA.doctor, 'ANA-MARK');
  brunoVisit = await heldConsultation(bruno, doctorA.doctor, 'BRUNO-MARK');
  await app.db.insert(consentAcceptances).values([
    { userId: ana.id, version: '2026-11-1' },
    { userId: bruno.id, version: '2026-11-1' },
  ]);
});
afterAll(() => app.close());

const fileUrl = (v: { id: string; fileMessageId: string }) =>
  `/api/consultations/${v.id}/messages/${v.fileMessageId}/file`;
const fileReads = (patientId: string) =>
  app.db
    .select()
    .from(clinicalAccessLog)
    .where(
      and(eq(clinicalAccessLog.patientId, patientId), eq(clinicalAccessLog.resource, 'consultation_file')),
    );

describe('reading a consultation file', () => {
  it('leaves exactly one access-log row per read, with who and why; a refused read leaves none', async () => {
    const before = (await fileReads(ana.id)).length;
    const own = await call('GET', fileUrl(anaVisit), ana.cookie);
    expect(own.statusCode).toBe(200);
    let rows = await fileReads(ana.id);
    expect(rows.length).toBe(before + 1);
    expect(rows.at(-1)).toMatchObject({
      actorId: ana.id,
      actorRole: 'patient',
      reason: 'own_data',
      resourceId: anaVisit.fileMessageId,
      appointmentId: anaVisit.id,
    });
    const byDoctor = await call('GET', fileUrl(anaVisit), doctorA.cookie);
    expect(byDoctor.statusCode).toBe(200);
    rows = await fileReads(ana.id);
    expect(rows.length).toBe(before + 2);
    expect(rows.filter((r) => r.actorId === doctorA.doctor.id)).toHaveLength(1);
    expect(rows.find((r) => r.actorId === doctorA.doctor.id)?.reason).toBe('own_consultation');
    // Someone else's file: 404, and nothing written.
    const stranger = await call('GET', fileUrl(anaVisit), bruno.cookie);
    expect(stranger.statusCode).toBe(404);
    expect((await fileReads(ana.id)).length).toBe(before + 2);
  });
});

describe('Quem acessou meus dados', () => {
  it('lists only the patient’s own rows, newest first, keyset-paged, and only to them', async () => {
    await call('GET', fileUrl(brunoVisit), doctorA.cookie);
    const page = await call('GET', '/api/patient/access-log?limit=1', ana.cookie);
    expect(page.statusCode).toBe(200);
    const first = page.json();
    expect(first.items).toHaveLength(1);
    expect(first.next).toBeTruthy();
    const all = (await call('GET', '/api/patient/access-log?limit=100', ana.cookie)).json();
    const ids = new Set(
      (await app.db.select().from(clinicalAccessLog).where(eq(clinicalAccessLog.patientId, ana.id))).map(
        (r) => r.id,
      ),
    );
    expect(all.items.length).toBe(ids.size);
    for (const item of all.items) expect(ids.has(item.id)).toBe(true);
    const doctorRow = all.items.find((i: { actor: { self: boolean } }) => !i.actor.self);
    expect(doctorRow.actor).toMatchObject({ name: 'Dra. Lúcia Direitos', role: 'doctor' });
    expect(doctorRow.actor.crm).toMatch(/^CRM \d+\/[A-Z]{2}$/);
    expect(doctorRow.consultation).toMatchObject({ id: anaVisit.id, doctorName: 'Dra. Lúcia Direitos' });
    const selfRow = all.items.find((i: { actor: { self: boolean } }) => i.actor.self);
    expect(selfRow.reason).toBe('own_data');
    // Newest first.
    const times = all.items.map((i: { at: string }) => i.at);
    expect([...times].sort().reverse()).toEqual(times);
    // The next page continues where the first stopped.
    const second = (
      await call(
        'GET',
        `/api/patient/access-log?limit=1&before=${encodeURIComponent(first.next)}`,
        ana.cookie,
      )
    ).json();
    expect(second.items[0].id).toBe(all.items[1].id);
    // Bruno's log holds Bruno's rows only.
    const brunos = (await call('GET', '/api/patient/access-log?limit=100', bruno.cookie)).json();
    expect(brunos.items.every((i: { id: string }) => !ids.has(i.id))).toBe(true);
    expect(brunos.items.length).toBeGreaterThan(0);
    // Nobody else reads a patient's log.
    expect((await call('GET', '/api/patient/access-log', doctorA.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/patient/access-log' })).statusCode).toBe(401);
    expect((await call('GET', '/api/patient/access-log?before=nonsense', ana.cookie)).statusCode).toBe(400);
  });
});

describe('health space', () => {
  it('shows the patient their own consultations with guidance and files, never another’s', async () => {
    const res = await call('GET', '/api/patient/records', ana.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items.map((i: { id: string }) => i.id)).toEqual([anaVisit.id]);
    expect(body.items[0]).toMatchObject({
      guidance: 'Orientação ANA-MARK',
      doctor: { name: 'Dra. Lúcia Direitos' },
      messageCount: 3,
      files: [{ messageId: anaVisit.fileMessageId, sentBy: 'doctor', name: 'exame-ANA-MARK.pdf' }],
    });
    expect((await call('GET', '/api/patient/records', doctorA.cookie)).statusCode).toBe(403);
    // Listing is not reading: no file was opened.
    const before = (await fileReads(ana.id)).length;
    await call('GET', '/api/patient/records', ana.cookie);
    expect((await fileReads(ana.id)).length).toBe(before);
  });
});

describe('Baixar meus dados', () => {
  it('builds a ZIP with everything of the patient and nothing of anyone else, e-mailed with a link that works', async () => {
    const res = await call('POST', '/api/account/data-exports', ana.cookie);
    expect(res.statusCode).toBe(202);
    const exportId = res.json().id as string;
    // A second click while it runs is refused, and asks for nothing more.
    expect((await call('POST', '/api/account/data-exports', ana.cookie)).statusCode).toBe(409);
    await until(async () => {
      const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
      return row?.status === 'ready' ? row : undefined;
    }, 'the export');
    const mail = await lastEmailTo(app.db, ana.email);
    expect(mail.kind).toBe('data_export_ready');
    expect(mail.link).toContain(`/api/account/data-exports/${exportId}/download?token=`);
    const url = new URL(mail.link as string);
    const download = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const json = strFromU8(files['dados.json'] as Uint8Array);
    const bundle = JSON.parse(json);
    expect(bundle.resourceType).toBe('Bundle');
    const types = new Set(
      bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType),
    );
    for (const t of [
      'Patient',
      'Appointment',
      'Encounter',
      'Communication',
      'DocumentReference',
      'Consent',
      'AuditEvent',
      'Composition',
      'Condition',
    ])
      expect(types.has(t)).toBe(true);
    // Everything of Ana: her name, her consultation, both sides of its chat, the guidance, the file.
    for (const mine of [
      ana.email,
      'Ana Exportadora',
      anaVisit.id,
      'Paciente diz ANA-MARK',
      'Médico responde ANA-MARK',
      'Orientação ANA-MARK',
      'Queixa ANA-MARK',
      'Relatório médico',
    ])
      expect(json).toContain(mine);
    // Her signed report, as issued.
    const reportCopies = Object.keys(files).filter((p) => p.startsWith('arquivos/documentos/'));
    expect(reportCopies).toHaveLength(1);
    expect(strFromU8(files[reportCopies[0] as string] as Uint8Array).slice(0, 5)).toBe('%PDF-');
    const copies = Object.keys(files).filter((p) => p.startsWith('arquivos/') && !reportCopies.includes(p));
    expect(copies).toHaveLength(1);
    expect(copies[0]).toContain('exame-ANA-MARK.pdf');
    expect(Buffer.from(files[copies[0] as string] as Uint8Array).equals(pdf)).toBe(true);
    // Nothing of Bruno, who saw the same doctor.
    const everything = Object.values(files)
      .map((b) => Buffer.from(b).toString('latin1'))
      .join('\n');
    for (const theirs of [bruno.email, 'Bruno Vizinho', bruno.id, brunoVisit.id, 'BRUNO-MARK'])
      expect(everything).not.toContain(theirs);
    // The export is itself a read of Ana's clinical data, once.
    const exportReads = await app.db
      .select()
      .from(clinicalAccessLog)
      .where(and(eq(clinicalAccessLog.patientId, ana.id), eq(clinicalAccessLog.resource, 'export')));
    expect(exportReads).toHaveLength(1);
    // A wrong token gets nothing.
    const wrong = await app.inject({ method: 'GET', url: `${url.pathname}?token=${'x'.repeat(43)}` });
    expect(wrong.statusCode).toBe(404);
  });

  it('a doctor’s export holds their own data and messages, never their patients’', async () => {
    const built = await buildExport(
      { db: app.db, storage: createFileStorage(app.config), dataKey: dataKeyOf(app.config) },
      doctorA.doctor.id,
    );
    const json = JSON.stringify(built.bundle);
    expect(json).toContain('Dra. Lúcia Direitos');
    expect(json).toContain('Médico responde ANA-MARK');
    for (const theirs of [
      'Paciente diz ANA-MARK',
      'Paciente diz BRUNO-MARK',
      ana.email,
      bruno.email,
      'Ana Exportadora',
      ana.id,
      bruno.id,
    ])
      expect(json).not.toContain(theirs);
  });
});

const SP = 'America/Sao_Paulo';
const slotAt = (days: number, hhmm = '10:00') =>
  new Date(`${addDays(localDateOf(new Date(), SP), days)}T${hhmm}:00-03:00`).toISOString();
const everyDay = [0, 1, 2, 3, 4, 5, 6].map((d) => ({ dayOfWeek: d, startTime: '08:00', endTime: '18:00' }));

describe('Excluir minha conta', () => {
  it('cancels and refunds future consultations by the lifecycle, anonymises the rest, keeps the clinical data', async () => {
    const doctor = await createDoctor(app.db, {
      fullName: 'Dr. Marcos Agenda',
      availability: everyDay,
      consultationPrice: 20000,
    });
    const doctorCookie = await signIn(doctor.email, doctor.password);
    const carla = await person('Carla Saindo');
    const held = await heldConsultation(carla, doctor, 'CARLA-MARK', doctorCookie);
    await call('GET', fileUrl(held), carla.cookie);
    // A future consultation, paid by card and accepted.
    const booked = await call('POST', '/api/appointments', carla.cookie, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(5),
      method: 'card',
      acceptPolicy: true,
    });
    expect(booked.statusCode).toBe(201);
    const futureId = booked.json().id as string;
    expect(
      (
        await call('POST', `/api/appointments/${futureId}/payment/card`, carla.cookie, {
          number: SANDBOX_CARDS.approved,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call('POST', `/api/doctor/appointments/${futureId}/accept`, doctorCookie, {})).statusCode,
    ).toBe(200);

    const preview = (await call('GET', '/api/account/deletion', carla.cookie)).json();
    expect(preview.futureConsultations).toEqual([
      expect.objectContaining({ id: futureId, otherParty: 'Dr. Marcos Agenda', refundAmount: 20000 }),
    ]);
    expect(preview.retainUntil).toMatch(/^20[4-9]\d-\d\d-\d\d$/);
    // The held consultation ended yesterday: kept 20 years from then.
    const heldEnd = new Date(Date.now() - 20 * 3_600_000);
    expect(preview.retainUntil.slice(0, 4)).toBe(String(heldEnd.getUTCFullYear() + 20));

    // She shares her records with the doctor she saw.
    expect(
      (await call('POST', '/api/patient/record-shares', carla.cookie, { doctorId: doctor.doctorId }))
        .statusCode,
    ).toBe(200);

    // Wrong password or confirmation: refused, nothing changes.
    const wrong = await call('POST', '/api/account/deletion', carla.cookie, {
      password: 'errada-123',
      confirmation: 'EXCLUIR',
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    const noWord = await call('POST', '/api/account/deletion', carla.cookie, {
      password: carla.password,
      confirmation: 'sim',
    });
    expect(noWord.statusCode, noWord.body).toBe(400);
    expect(noWord.json().fieldErrors.confirmation).toBe('Digite EXCLUIR para confirmar');
    const [still] = await app.db.select().from(userProfiles).where(eq(userProfiles.id, carla.id));
    expect(still?.fullName).toBe('Carla Saindo');

    const done = await call('POST', '/api/account/deletion', carla.cookie, {
      password: carla.password,
      confirmation: 'excluir',
    });
    expect(done.statusCode).toBe(200);
    expect(String(done.headers['set-cookie'])).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);

    // The future consultation: canceled by the patient's own cancel, refunded by its rule.
    const [future] = await app.db.select().from(appointments).where(eq(appointments.id, futureId));
    expect(future).toMatchObject({ status: 'canceled', canceledBy: 'patient' });
    const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, futureId));
    expect(payment?.status).toBe('refunded');
    // Non-clinical data: gone; sign-in impossible; sessions ended.
    const [profile] = await app.db.select().from(userProfiles).where(eq(userProfiles.id, carla.id));
    expect(profile).toMatchObject({
      fullName: 'Conta excluída',
      phone: null,
      cpf: null,
      profileImageUrl: null,
      billingAddress: null,
    });
    expect(profile?.email).not.toBe(carla.email);
    const [account] = await app.db.select().from(users).where(eq(users.id, carla.id));
    expect(account?.email).not.toBe(carla.email);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, carla.id))).toHaveLength(0);
    expect((await call('GET', '/api/patient/records', carla.cookie)).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: carla.email, password: carla.password },
    });
    expect(login.statusCode).toBe(401);
    // Clinical data: kept.
    const [past] = await app.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(past).toMatchObject({ status: 'completed', completionNotes: 'Orientação CARLA-MARK' });
    expect(
      await app.db.select().from(consultationMessages).where(eq(consultationMessages.appointmentId, held.id)),
    ).toHaveLength(3);
    expect(
      (await app.db.select().from(clinicalAccessLog).where(eq(clinicalAccessLog.patientId, carla.id))).length,
    ).toBeGreaterThan(0);
    // The signed record and the report issued from it stay, unchanged; the shares she granted end.
    const [kept] = await app.db
      .select()
      .from(clinicalRecords)
      .where(eq(clinicalRecords.appointmentId, held.id));
    expect(kept?.signedAt).not.toBeNull();
    expect(
      await app.db.select().from(clinicalDocuments).where(eq(clinicalDocuments.appointmentId, held.id)),
    ).toHaveLength(1);
    expect(
      await app.db
        .select()
        .from(recordShares)
        .where(and(eq(recordShares.patientId, carla.id), isNull(recordShares.revokedAt))),
    ).toHaveLength(0);
    expect(
      await app.db.select().from(consentAcceptances).where(eq(consentAcceptances.userId, carla.id)),
    ).toHaveLength(0);
    const [record] = await app.db
      .select()
      .from(accountDeletions)
      .where(eq(accountDeletions.userId, carla.id));
    expect(record).toMatchObject({
      role: 'patient',
      retainUntil: preview.retainUntil,
      canceledAppointments: 1,
    });
    // The goodbye went to the old address.
    expect((await lastEmailTo(app.db, carla.email)).kind).toBe('account_deleted');
  });

  it('a doctor’s deletion cancels their future consultations, hides the profile and keeps the records', async () => {
    const doctor = await createDoctor(app.db, {
      fullName: 'Dr. Saulo Partindo',
      availability: everyDay,
      consultationPrice: 18000,
    });
    const doctorCookie = await signIn(doctor.email, doctor.password);
    const patient = await person('Paula Ficando');
    const held = await heldConsultation(patient, doctor, 'SAULO-MARK', doctorCookie);
    const booked = await call('POST', '/api/appointments', patient.cookie, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(6),
      method: 'card',
      acceptPolicy: true,
    });
    const futureId = booked.json().id as string;
    await call('POST', `/api/appointments/${futureId}/payment/card`, patient.cookie, {
      number: SANDBOX_CARDS.approved,
    });
    await call('POST', `/api/doctor/appointments/${futureId}/accept`, doctorCookie, {});
    // A second request, paid and still waiting for the doctor's answer.
    const waiting = await call('POST', '/api/appointments', patient.cookie, {
      doctorId: doctor.doctorId,
      startsAt: slotAt(7),
      method: 'card',
      acceptPolicy: true,
    });
    const waitingId = waiting.json().id as string;
    await call('POST', `/api/appointments/${waitingId}/payment/card`, patient.cookie, {
      number: SANDBOX_CARDS.approved,
    });
    const preview = (await call('GET', '/api/account/deletion', doctorCookie)).json();
    expect(preview.futureConsultations.map((c: { id: string }) => c.id).sort()).toEqual(
      [futureId, waitingId].sort(),
    );
    const done = await call('POST', '/api/account/deletion', doctorCookie, {
      password: doctor.password,
      confirmation: 'EXCLUIR',
    });
    expect(done.statusCode).toBe(200);
    const [future] = await app.db.select().from(appointments).where(eq(appointments.id, futureId));
    expect(future).toMatchObject({ status: 'canceled', canceledBy: 'doctor' });
    const [payment] = await app.db.select().from(payments).where(eq(payments.appointmentId, futureId));
    expect(payment?.status).toBe('refunded');
    // The request waiting for the doctor is refused, the lifecycle's way for a doctor.
    const [refused] = await app.db.select().from(appointments).where(eq(appointments.id, waitingId));
    expect(refused?.status).toBe('canceled');
    const [profile] = await app.db
      .select()
      .from(doctorProfiles)
      .where(eq(doctorProfiles.id, doctor.doctorId));
    expect(profile).toMatchObject({ verificationStatus: 'rejected', slug: null });
    const [past] = await app.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(past?.status).toBe('completed');
    // The patient still sees the consultation in their health space.
    const space = (await call('GET', '/api/patient/records', patient.cookie)).json();
    expect(space.items.map((i: { id: string }) => i.id)).toContain(held.id);
  });

  it('a deleted doctor’s PIX key is erased when nothing is owed, and kept only until the payout owed is paid', async () => {
    const settled = await createDoctor(app.db, { fullName: 'Dra. Quitada Saindo' });
    const owed = await createDoctor(app.db, { fullName: 'Dr. Devido Saindo' });
    for (const d of [settled, owed])
      await app.db.insert(payoutAccounts).values({
        doctorId: d.doctorId,
        method: 'pix',
        status: 'active',
        pixKeyType: 'email',
        pixKey: d.email,
      });
    // A PIX payout still to be made to the second.
    const [payout] = await app.db
      .insert(payouts)
      .values({
        doctorId: owed.doctorId,
        amount: 9_000,
        method: 'pix',
        runKey: 'run-owed',
        destination: owed.email,
      })
      .returning({ id: payouts.id });
    await app.db.transaction((tx) =>
      postPayout(tx, {
        doctorId: owed.doctorId,
        amount: 9_000,
        sourceKey: `payout:${payout?.id}`,
        at: new Date(),
      }),
    );
    for (const d of [settled, owed]) {
      const cookie = await signIn(d.email, d.password);
      const done = await call('POST', '/api/account/deletion', cookie, {
        password: d.password,
        confirmation: 'EXCLUIR',
      });
      expect(done.statusCode).toBe(200);
    }
    const keyOf = async (doctorId: string) =>
      (await app.db.select().from(payoutAccounts).where(eq(payoutAccounts.doctorId, doctorId)))[0]?.pixKey;
    expect(await keyOf(settled.doctorId)).toBeUndefined();
    expect(await keyOf(owed.doctorId)).toBe(owed.email);
    // The team records the transfer: nothing is owed any more, and the key goes, its copy on the payout too.
    await app.db
      .update(payouts)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(payouts.id, payout?.id as string));
    expect(await erasePayoutDetailsIfSettled(app.db, owed.doctorId)).toBe(true);
    expect(await keyOf(owed.doctorId)).toBeUndefined();
    const [after] = await app.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, payout?.id as string));
    expect(after).toMatchObject({ status: 'paid', amount: 9_000, destination: null });
  });

  it('anonymous callers get 401 and change nothing', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/account/deletion' })).statusCode).toBe(401);
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/deletion',
      payload: { password: 'qualquer-coisa', confirmation: 'EXCLUIR' },
    });
    expect([401, 403]).toContain(res.statusCode);
  });
});

describe('profile and consents', () => {
  it('edits name and phone with the sign-up rules, and lists consents with versions and dates', async () => {
    const bad = await call('PATCH', '/api/account/profile', ana.cookie, { name: 'A', phone: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toMatchObject({
      name: 'Nome deve ter no mínimo 3 caracteres',
      phone: 'Telefone deve ter no mínimo 10 dígitos',
    });
    const ok = await call('PATCH', '/api/account/profile', ana.cookie, {
      name: 'Ana Exportadora Silva',
      phone: '(11) 98888-7777',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ name: 'Ana Exportadora Silva', phone: '11988887777' });
    const consents = (await call('GET', '/api/account/consents', ana.cookie)).json();
    expect(consents.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'teleconsultation', version: '2026-11-1', withdrawnAt: null }),
        expect.objectContaining({ kind: 'terms' }),
      ]),
    );
  });
});
