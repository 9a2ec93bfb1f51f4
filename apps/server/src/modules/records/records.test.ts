import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clinicalAccessLog, clinicalRecords, consentAcceptances } from '../../db/schema.ts';
import { rotateDataKey } from '../../lib/data-key-rotation.ts';
import { isEncrypted } from '../../lib/encryption.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { signedRecordsOfPatient, verifyRecordHash } from './records.service.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await createTestApp();
});

async function signIn(email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return sessionCookieFrom(res);
}

type Person = { id: string; cookie: string; password: string };
type Doctor = Person & { doctorId: string };

async function doctor(): Promise<Doctor> {
  const d = await createDoctor(app.db);
  return { id: d.id, doctorId: d.doctorId, password: d.password, cookie: await signIn(d.email, d.password) };
}
async function patient(): Promise<Person> {
  const p = await createPatient(app.db);
  await app.db.insert(consentAcceptances).values({ userId: p.id, version: '2025-01' });
  return { id: p.id, password: p.password, cookie: await signIn(p.email, p.password) };
}

let dayOffset = 0;
/** A consultation of this patient with this doctor, on a day of its own (no overlaps). */
async function consultation(
  p: Person,
  d: Doctor,
  status: 'in_progress' | 'completed' | 'confirmed' = 'in_progress',
) {
  dayOffset += 1;
  const startsAt = new Date(Date.now() - dayOffset * 86_400_000);
  const [row] = await app.db
    .insert(appointments)
    .values({
      patientId: p.id,
      doctorId: d.doctorId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status,
      price: 15000,
      requestedAt: new Date(startsAt.getTime() - 86_400_000),
    })
    .returning({ id: appointments.id });
  return (row as { id: string }).id;
}

const api = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const content = (over: Record<string, unknown> = {}) => ({
  subjective: 'Tosse seca há 3 dias, sem febre.',
  objective: 'Bom estado geral, sem esforço respiratório.',
  assessment: 'Quadro viral provável.',
  plan: 'Hidratação e retorno se piorar.',
  conduct: 'Orientações gerais.',
  diagnoses: [{ code: 'J06.9', principal: true }],
  ...over,
});

async function writeAndSign(appointmentId: string, d: Doctor, text = content()) {
  const saved = await api('PUT', `/api/consultations/${appointmentId}/record`, d.cookie, {
    revision: 0,
    content: text,
  });
  expect(saved.statusCode).toBe(200);
  const signed = await api('POST', `/api/consultations/${appointmentId}/record/sign`, d.cookie, {
    revision: saved.json().revision,
    password: d.password,
  });
  expect(signed.statusCode).toBe(200);
  return signed.json();
}

async function accessRows(patientId: string) {
  return app.db.select().from(clinicalAccessLog).where(eq(clinicalAccessLog.patientId, patientId));
}

describe('CID-10 search', () => {
  it('finds codes with and without the dot and words with or without accents', async () => {
    const d = await doctor();
    const search = async (q: string) => {
      const res = await api('GET', `/api/cid10?q=${encodeURIComponent(q)}&limit=10`, d.cookie);
      expect(res.statusCode).toBe(200);
      return res.json().items as { code: string; display: string; description: string }[];
    };
    expect((await search('J45'))[0]).toMatchObject({ code: 'J45', display: 'J45' });
    expect((await search('J45.0'))[0]).toMatchObject({ code: 'J450', display: 'J45.0' });
    expect((await search('j450'))[0]).toMatchObject({ code: 'J450' });
    expect((await search('ASMA')).map((c) => c.code)).toContain('J45');
    expect((await search('colera')).map((c) => c.code)).toContain('A00');
    expect((await search('Cólera')).map((c) => c.code)).toContain('A00');
    const diabetes = await search('diabetes insul');
    expect(diabetes.length).toBeGreaterThan(0);
    for (const c of diabetes) expect(c.description.toLowerCase()).toMatch(/diabetes.*insul|insul.*diabetes/);
    expect(await search('zzzzqq')).toEqual([]);
  });

  it('is for signed-in doctors', async () => {
    const p = await patient();
    expect((await api('GET', '/api/cid10?q=asma', p.cookie)).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/cid10?q=asma' })).statusCode).toBe(401);
  });
});

describe('the record of a consultation', () => {
  it("only the consultation's doctor writes it; drafts keep their revision and are encrypted", async () => {
    const d = await doctor();
    const other = await doctor();
    const p = await patient();
    const id = await consultation(p, d);
    const first = { revision: 0, content: content() };
    // Another doctor's consultation answers like one that does not exist.
    expect((await api('PUT', `/api/consultations/${id}/record`, other.cookie, first)).statusCode).toBe(404);
    expect((await api('PUT', `/api/consultations/${id}/record`, p.cookie, first)).statusCode).toBe(403);
    const saved = await api('PUT', `/api/consultations/${id}/record`, d.cookie, first);
    expect(saved.json().revision).toBe(1);
    // A second window that started from revision 0 does not overwrite it.
    const stale = await api('PUT', `/api/consultations/${id}/record`, d.cookie, first);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('stale_revision');
    const second = await api('PUT', `/api/consultations/${id}/record`, d.cookie, {
      revision: 1,
      content: content({ subjective: 'Tosse seca há 4 dias.' }),
    });
    expect(second.json().revision).toBe(2);
    const [row] = await app.db.select().from(clinicalRecords).where(eq(clinicalRecords.appointmentId, id));
    expect(isEncrypted(row?.content ?? '')).toBe(true);
    expect(row?.content).not.toContain('Tosse');
    const read = await api('GET', `/api/consultations/${id}/record`, d.cookie);
    expect(read.json()).toMatchObject({
      status: 'draft',
      revision: 2,
      content: { subjective: 'Tosse seca há 4 dias.' },
      header: { modality: 'Teleconsulta', consentVersion: '2025-01' },
      diagnoses: [{ code: 'J069', display: 'J06.9', principal: true }],
    });
    expect((await api('GET', `/api/consultations/${id}/record`, other.cookie)).statusCode).toBe(404);
  });

  it('refuses unknown CID-10 codes and two principal diagnoses with a clear message', async () => {
    const d = await doctor();
    const p = await patient();
    const id = await consultation(p, d);
    const unknown = await api('PUT', `/api/consultations/${id}/record`, d.cookie, {
      revision: 0,
      content: content({ diagnoses: [{ code: 'Z99.9X', principal: false }] }),
    });
    expect(unknown.statusCode).toBe(400);
    const two = await api('PUT', `/api/consultations/${id}/record`, d.cookie, {
      revision: 0,
      content: content({
        diagnoses: [
          { code: 'J45', principal: true },
          { code: 'J06.9', principal: true },
        ],
      }),
    });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toContain('principal');
  });

  it('signing asks for the password; a signed record cannot change, by the API or by SQL; addenda neither', async () => {
    const d = await doctor();
    const p = await patient();
    const id = await consultation(p, d, 'completed');
    const saved = await api('PUT', `/api/consultations/${id}/record`, d.cookie, {
      revision: 0,
      content: content(),
    });
    const wrong = await api('POST', `/api/consultations/${id}/record/sign`, d.cookie, {
      revision: 1,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(saved.json().revision).toBe(1);
    const signed = await api('POST', `/api/consultations/${id}/record/sign`, d.cookie, {
      revision: 1,
      password: d.password,
    });
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({
      status: 'signed',
      contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const again = await api('PUT', `/api/consultations/${id}/record`, d.cookie, {
      revision: 1,
      content: content({ assessment: 'mudado' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('record_locked');

    // Around the service: the database itself refuses.
    await expect(
      app.db.execute(sql`update clinical_records set content = 'x' where appointment_id = ${id}`),
    ).rejects.toThrow();
    await expect(
      app.db.execute(sql`delete from clinical_records where appointment_id = ${id}`),
    ).rejects.toThrow();
    const [row] = await app.db.select().from(clinicalRecords).where(eq(clinicalRecords.appointmentId, id));
    expect(row?.signedAt).not.toBeNull();

    const addendum = await api('POST', `/api/consultations/${id}/record/addenda`, d.cookie, {
      text: 'Paciente retornou contato: melhora.',
      password: d.password,
    });
    expect(addendum.statusCode).toBe(201);
    const addendumId = addendum.json().id as string;
    await expect(
      app.db.execute(sql`update clinical_record_addenda set content = 'x' where id = ${addendumId}`),
    ).rejects.toThrow();
    await expect(
      app.db.execute(sql`delete from clinical_record_addenda where id = ${addendumId}`),
    ).rejects.toThrow();
    const read = await api('GET', `/api/consultations/${id}/record`, d.cookie);
    expect(read.json().addenda).toMatchObject([{ text: 'Paciente retornou contato: melhora.' }]);
    expect(read.json().content.assessment).toBe('Quadro viral provável.');
  });

  it('a completed consultation without a signed record is a to-do until signed', async () => {
    const d = await doctor();
    const p = await patient();
    const id = await consultation(p, d, 'completed');
    const pending = async () =>
      (
        (await api('GET', '/api/doctor/records/pending', d.cookie)).json().items as {
          appointmentId: string;
        }[]
      ).map((i) => i.appointmentId);
    expect(await pending()).toContain(id);
    await writeAndSign(id, d);
    expect(await pending()).not.toContain(id);
  });
});

describe('history, shares and the access log', () => {
  it('another doctor reads a record only while the patient shares it; revoking takes effect at once', async () => {
    const author = await doctor();
    const other = await doctor();
    const p = await patient();
    const first = await consultation(p, author, 'completed');
    const signed = await writeAndSign(first, author);
    const recordId = signed.id as string;
    const otherConsultation = await consultation(p, other);

    const history = async () =>
      (await api('GET', `/api/consultations/${otherConsultation}/history`, other.cookie)).json();
    expect((await history()).records).toEqual([]);
    expect((await api('GET', `/api/records/${recordId}`, other.cookie)).statusCode).toBe(404);

    const granted = await api('POST', '/api/patient/record-shares', p.cookie, { doctorId: other.doctorId });
    expect(granted.statusCode).toBe(200);
    expect(granted.json().sharedAt).not.toBeNull();
    const shared = await history();
    expect(shared.sharedWithMe).toBe(true);
    expect(shared.records.map((r: { recordId: string }) => r.recordId)).toEqual([recordId]);
    expect((await api('GET', `/api/records/${recordId}`, other.cookie)).statusCode).toBe(200);
    const reasons = (await accessRows(p.id)).filter((r) => r.actorId === other.id).map((r) => r.reason);
    expect(new Set(reasons)).toEqual(new Set(['shared_history']));

    expect((await api('DELETE', `/api/patient/record-shares/${other.doctorId}`, p.cookie)).statusCode).toBe(
      200,
    );
    expect((await history()).records).toEqual([]);
    expect((await api('GET', `/api/records/${recordId}`, other.cookie)).statusCode).toBe(404);
    const list = (await api('GET', '/api/patient/record-shares', p.cookie)).json().items;
    expect(list.find((s: { doctorId: string }) => s.doctorId === other.doctorId).sharedAt).toBeNull();
  });

  it('a patient shares only with their own doctors', async () => {
    const stranger = await doctor();
    const p = await patient();
    const res = await api('POST', '/api/patient/record-shares', p.cookie, { doctorId: stranger.doctorId });
    expect(res.statusCode).toBe(400);
  });

  it('every clinical read leaves exactly one access-log row per item', async () => {
    const d = await doctor();
    const p = await patient();
    const earlier = await consultation(p, d, 'completed');
    await writeAndSign(earlier, d);
    await api('POST', `/api/consultations/${earlier}/record/addenda`, d.cookie, {
      text: 'Adendo.',
      password: d.password,
    });
    const now = await consultation(p, d);
    const before = (await accessRows(p.id)).length;

    await api('GET', `/api/consultations/${earlier}/record`, d.cookie);
    let rows = await accessRows(p.id);
    // The record and its one addendum.
    expect(rows.length - before).toBe(2);
    expect(rows.slice(before).every((r) => r.reason === 'own_consultation' && r.actorId === d.id)).toBe(true);

    await api('GET', `/api/consultations/${now}/history`, d.cookie);
    rows = await accessRows(p.id);
    expect(rows.length - before).toBe(4);

    const own = await api('GET', `/api/patient/records/${earlier}`, p.cookie);
    expect(own.statusCode).toBe(200);
    rows = await accessRows(p.id);
    expect(rows.length - before).toBe(6);
    const mine = rows.filter((r) => r.actorId === p.id);
    expect(mine.map((r) => r.reason)).toEqual(['own_data', 'own_data']);
    expect(new Set(mine.map((r) => r.resourceId)).size).toBe(2);
  });

  it("a patient cannot read another patient's record, nor a draft", async () => {
    const d = await doctor();
    const p = await patient();
    const intruder = await patient();
    const id = await consultation(p, d, 'completed');
    await api('PUT', `/api/consultations/${id}/record`, d.cookie, { revision: 0, content: content() });
    expect((await api('GET', `/api/patient/records/${id}`, p.cookie)).statusCode).toBe(404);
    await api('POST', `/api/consultations/${id}/record/sign`, d.cookie, {
      revision: 1,
      password: d.password,
    });
    expect((await api('GET', `/api/patient/records/${id}`, p.cookie)).statusCode).toBe(200);
    const before = (await accessRows(p.id)).length;
    expect((await api('GET', `/api/patient/records/${id}`, intruder.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/api/consultations/${id}/record`, intruder.cookie)).statusCode).toBe(403);
    expect((await accessRows(p.id)).length).toBe(before);
    const rows = await app.db
      .select()
      .from(clinicalAccessLog)
      .where(and(eq(clinicalAccessLog.patientId, p.id), eq(clinicalAccessLog.actorId, intruder.id)));
    expect(rows).toEqual([]);
  });
});

describe('data key rotation', () => {
  it('re-encrypts signed records and addenda under the new key; the hash still verifies and the lock is back', async () => {
    const d = await doctor();
    const p = await patient();
    const id = await consultation(p, d, 'completed');
    await writeAndSign(id, d);
    await api('POST', `/api/consultations/${id}/record/addenda`, d.cookie, {
      text: 'Adendo.',
      password: d.password,
    });
    const newKey = Buffer.alloc(32, 42);
    const counts = await rotateDataKey(app.db, TEST_ENCRYPTION_KEY, newKey);
    expect(counts.clinical_records).toBeGreaterThan(0);
    const [row] = await app.db.select().from(clinicalRecords).where(eq(clinicalRecords.appointmentId, id));
    if (!row) throw new Error('no record');
    expect(verifyRecordHash({ dataKey: newKey }, row)).toBe(true);
    expect(() => verifyRecordHash({ dataKey: TEST_ENCRYPTION_KEY }, row)).toThrow();
    await expect(
      app.db.execute(sql`update clinical_records set content = 'x' where appointment_id = ${id}`),
    ).rejects.toThrow();
    // Back to the key the app runs with, for the other tests of this file.
    await rotateDataKey(app.db, newKey, TEST_ENCRYPTION_KEY);
    const read = await api('GET', `/api/consultations/${id}/record`, d.cookie);
    expect(read.json().addenda).toMatchObject([{ text: 'Adendo.' }]);
  });
});

describe("the patient's export", () => {
  it("holds their signed records with addenda, not drafts, and nobody else's", async () => {
    const d = await doctor();
    const p = await patient();
    const other = await patient();
    const signedId = await consultation(p, d, 'completed');
    await writeAndSign(signedId, d);
    const draftId = await consultation(p, d, 'completed');
    await api('PUT', `/api/consultations/${draftId}/record`, d.cookie, { revision: 0, content: content() });
    const othersId = await consultation(other, d, 'completed');
    await writeAndSign(othersId, d);
    const ctx = { db: app.db, dataKey: TEST_ENCRYPTION_KEY };
    const records = await signedRecordsOfPatient(ctx, p.id);
    expect(records.map((r) => r.appointmentId)).toEqual([signedId]);
    expect(records[0]).toMatchObject({ status: 'signed', content: { assessment: 'Quadro viral provável.' } });
  });
});
