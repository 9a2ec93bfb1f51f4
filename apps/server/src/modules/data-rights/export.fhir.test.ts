import { createHash } from 'node:crypto';
import type { Bundle, Consent, DocumentReference, Practitioner, Resource } from '@medplum/fhirtypes';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, doctorProfiles, userProfiles } from '../../db/schema.ts';
import { dataKeyOf } from '../../lib/encryption.ts';
import { DEMO_LOGINS, DEMO_PASSWORDS, prepareDemoData } from '../../seed/demo-data.ts';
import { bundleProblems, referencesIn } from '../../test/fhir-r4.ts';
import { localSigning, openSigningSession } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { createFileStorage } from '../files/files.service.ts';
import { buildExport } from './export.ts';

/**
 * The LGPD export as a hospital system reads it (issue 27 item 6): the demo patient's whole
 * export, plus a consultation with a signed record, documents and a doctor's reads, validated as
 * FHIR R4 by an independent validator, entry by entry, with every reference resolved.
 */

let app: FastifyInstance;
let bundle: Bundle;
let files: Map<string, Uint8Array>;
let patientId: string;

const login = async (email: string, password: string) =>
  sessionCookieFrom(
    await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
  );
const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  // The demo doctor signs with their own (test-chain) certificate: only signed documents are exported.
  const signing = await localSigning();
  app = await createTestApp({ signature: signing.settings });
  const storage = createFileStorage(app.config);
  await prepareDemoData(app.db, storage, app.booking);
  const [patient] = await app.db
    .select({ id: userProfiles.id })
    .from(userProfiles)
    .where(eq(userProfiles.email, DEMO_LOGINS.patient));
  const [doctor] = await app.db
    .select({ id: doctorProfiles.id, userId: doctorProfiles.userId })
    .from(doctorProfiles)
    .innerJoin(userProfiles, eq(userProfiles.id, doctorProfiles.userId))
    .where(eq(userProfiles.email, DEMO_LOGINS.doctor));
  patientId = patient?.id as string;
  const startsAt = new Date(Date.now() - 53 * 3_600_000 - 17 * 60_000);
  const [held] = await app.db
    .insert(appointments)
    .values({
      patientId,
      doctorId: doctor?.id as string,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      status: 'completed',
      price: 15000,
      requestedAt: new Date(startsAt.getTime() - 86_400_000),
      completionNotes: 'Hidratação e repouso.',
    })
    .returning({ id: appointments.id });
  const id = held?.id as string;
  const cookie = await login(DEMO_LOGINS.doctor, DEMO_PASSWORDS.doctor);
  await openSigningSession(app, signing.psc, { userId: doctor?.userId as string, cookie });
  const saved = await call('PUT', `/api/consultations/${id}/record`, cookie, {
    revision: 0,
    content: { subjective: 'Dor de garganta', diagnoses: [{ code: 'J02.9', principal: true }] },
  });
  expect(saved.statusCode).toBe(200);
  const signed = await call('POST', `/api/consultations/${id}/record/sign`, cookie, {
    revision: saved.json().revision,
    password: DEMO_PASSWORDS.doctor,
  });
  expect(signed.statusCode).toBe(200);
  for (const payload of [
    {
      type: 'prescription',
      patientSex: 'female',
      patientAge: 34,
      items: [
        {
          medicine: 'Amoxicilina',
          presentation: 'cápsula 500 mg',
          dose: '1 cápsula',
          route: 'oral',
          frequency: 'de 8 em 8 horas',
          duration: '7 dias',
          quantity: '21 cápsulas',
        },
      ],
    },
    { type: 'certificate', daysOff: 2, startDate: startsAt.toISOString().slice(0, 10) },
  ]) {
    const issued = await call('POST', `/api/consultations/${id}/documents`, cookie, payload);
    expect(issued.statusCode).toBe(201);
    // The doctor opens it again: an access-log row naming them.
    expect((await call('GET', `/api/documents/${issued.json().id}`, cookie)).statusCode).toBe(200);
  }
  const built = await buildExport({ db: app.db, storage, dataKey: dataKeyOf(app.config) }, patientId);
  bundle = built.bundle;
  const { unzipSync } = await import('fflate');
  files = new Map(Object.entries(unzipSync(built.zip)));
}, 600_000);
afterAll(() => app.close());

const resources = <T extends Resource>(type: T['resourceType']) =>
  (bundle.entry ?? []).map((e) => e.resource).filter((r): r is T => r?.resourceType === type);

describe('the LGPD export as FHIR R4', { timeout: 120_000 }, () => {
  it('validates, Bundle and every entry, with every reference resolved by urn:uuid fullUrl', () => {
    expect((bundle.entry ?? []).length).toBeGreaterThan(20);
    expect(bundleProblems(bundle)).toEqual([]);
    const fullUrls = (bundle.entry ?? []).map((e) => e.fullUrl);
    expect(new Set(fullUrls).size).toBe(fullUrls.length);
  });

  it('has a Practitioner for every doctor named', () => {
    const practitioners = resources<Practitioner>('Practitioner');
    const names = practitioners.map((p) => p.name?.[0]?.text);
    expect(names).toContain('Mariana Albuquerque Costa');
    for (const p of practitioners) expect(p.identifier?.[0]?.system).toMatch(/crm/);
    const references = (bundle.entry ?? []).flatMap((e) => referencesIn(e.resource));
    const practitionerUrls = new Set(
      (bundle.entry ?? []).filter((e) => e.resource?.resourceType === 'Practitioner').map((e) => e.fullUrl),
    );
    // The documents and records name their doctor by reference, not only by name.
    const issued = resources<DocumentReference>('DocumentReference').filter((d) =>
      d.content.some((c) => c.attachment.url?.startsWith('arquivos/documentos/')),
    );
    expect(issued).toHaveLength(2);
    for (const doc of issued)
      for (const author of doc.author ?? []) expect(practitionerUrls.has(author.reference)).toBe(true);
    expect(references.length).toBeGreaterThan(0);
  });

  it('gives every Consent its policy', () => {
    const consents = resources<Consent>('Consent');
    expect(consents.length).toBeGreaterThanOrEqual(1);
    for (const c of consents) expect(Boolean(c.policy?.length || c.policyRule)).toBe(true);
  });

  it('has a DocumentReference per signed PDF, with the file’s hash', () => {
    const signed = resources<DocumentReference>('DocumentReference').filter((d) =>
      d.content.some((c) => c.attachment.url?.startsWith('arquivos/documentos/')),
    );
    const pdfs = [...files.keys()].filter((p) => p.startsWith('arquivos/documentos/'));
    expect(pdfs).toHaveLength(2);
    expect(signed).toHaveLength(2);
    for (const doc of signed) {
      const attachment = doc.content.find((c) => c.attachment.url?.startsWith('arquivos/'))?.attachment;
      const bytes = files.get(attachment?.url as string) as Uint8Array;
      expect(attachment?.hash).toBe(createHash('sha1').update(bytes).digest('base64'));
      expect(attachment?.size).toBe(bytes.length);
      expect(doc.identifier?.[0]?.value).toBe(createHash('sha256').update(bytes).digest('hex'));
    }
  });
});
