import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { localSigning, openSigningSession, opensslCmsVerifies, signedParts } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom } from '../../test/test-app.ts';
import { hasOpenssl, opensslVerifiesToken, startTestTsa, type TestTsa } from '../../test/tsa.ts';
import { readCms } from '../signatures/signatures.cms.ts';
import { checkPdfSignature } from './clinical-documents.signing.ts';

/**
 * Documents signed while a TSA is configured carry its RFC 3161 time-stamp; a failing TSA never
 * keeps a document from being signed (decision 133). `openssl ts` is the TSA and the verifier.
 */

const item = {
  medicine: 'Paracetamol',
  presentation: 'comprimido 500 mg',
  dose: '1 comprimido',
  route: 'oral',
  frequency: 'de 8 em 8 horas',
  duration: '7 dias',
  quantity: '21 comprimidos',
  instructions: '',
};

describe.skipIf(!hasOpenssl)('documents time-stamped by the configured TSA', () => {
  let app: FastifyInstance;
  let signing: Awaited<ReturnType<typeof localSigning>>;
  let tsa: TestTsa;
  beforeAll(async () => {
    tsa = await startTestTsa();
    signing = await localSigning();
    app = await createTestApp({ signature: { ...signing.settings, tsaUrl: tsa.url } });
  }, 120_000);
  afterAll(() => tsa?.close());

  const signIn = async (email: string, password: string) =>
    sessionCookieFrom(
      await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } }),
    );

  async function consultation() {
    const doctor = await createDoctor(app.db);
    const patient = await createPatient(app.db);
    const startsAt = new Date(Date.now() - 10 * 60_000);
    const [row] = await app.db
      .insert(appointments)
      .values({
        patientId: patient.id,
        doctorId: doctor.doctorId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        status: 'in_progress',
        price: 15000,
        requestedAt: new Date(),
      })
      .returning({ id: appointments.id });
    return {
      id: (row as { id: string }).id,
      doctorUserId: doctor.id,
      doctor: await signIn(doctor.email, doctor.password),
      patient: await signIn(patient.email, patient.password),
    };
  }
  type Consultation = Awaited<ReturnType<typeof consultation>>;

  const issue = async (c: Consultation) => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/documents`,
      headers: { cookie: c.doctor },
      payload: { type: 'prescription', items: [item] },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; signer: string };
  };
  const pdfOf = async (c: Consultation, id: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/documents/${id}/pdf`,
      headers: { cookie: c.patient },
    });
    expect(res.statusCode).toBe(200);
    return res.rawPayload;
  };
  const cmsVerifies = (pdf: Buffer) => opensslCmsVerifies(signedParts(pdf));
  const timeStampsCounted = async () => {
    const text = await app.metrics.text();
    const count = (outcome: string) =>
      Number(
        new RegExp(`pulsa_signature_timestamps_total\\{outcome="${outcome}"\\} (\\d+)`).exec(text)?.[1] ?? 0,
      );
    return { granted: count('granted'), failed: count('failed') };
  };

  it('signed at once or later, the signature carries a token openssl verifies over its value', async () => {
    const c = await consultation();
    const waiting = [await issue(c), await issue(c), await issue(c)];
    expect(waiting.map((d) => d.signer)).toEqual(['pending', 'pending', 'pending']);
    await openSigningSession(app, signing.psc, { userId: c.doctorUserId, cookie: c.doctor });
    const calls = signing.psc.stats.signatureCalls;
    const signed = await app.inject({
      method: 'POST',
      url: '/api/documents/sign',
      headers: { cookie: c.doctor },
      payload: {},
    });
    const ids = waiting.map((d) => d.id);
    expect(signed.json()).toEqual({ signed: 3, ids: expect.arrayContaining(ids), unsigned: [] });
    // The three hashes went to the PSC in one call; each signature still got its own time-stamp.
    expect(signing.psc.stats.signatureCalls - calls).toBe(1);
    const atOnce = await issue(c);
    expect(atOnce.signer).toBe('cloud');

    const tokens = new Set<string>();
    for (const id of [...ids, atOnce.id]) {
      const pdf = await pdfOf(c, id);
      expect(cmsVerifies(pdf)).toBe(true);
      expect(checkPdfSignature(pdf).valid).toBe(true);
      const cms = readCms(signedParts(pdf).cms);
      expect(cms.timeStampToken).toBeInstanceOf(Buffer);
      const imprint = createHash('sha256').update(cms.signature).digest();
      expect(opensslVerifiesToken(tsa, cms.timeStampToken as Buffer, imprint)).toBe(true);
      tokens.add((cms.timeStampToken as Buffer).toString('hex'));
    }
    expect(tokens.size).toBe(4);
    expect(await timeStampsCounted()).toEqual({ granted: 4, failed: 0 });
  });

  it('a failing TSA leaves the document signed without a time-stamp, logged and counted', async () => {
    const c = await consultation();
    await openSigningSession(app, signing.psc, { userId: c.doctorUserId, cookie: c.doctor });
    const before = await timeStampsCounted();
    tsa.mode = 'error';
    try {
      const doc = await issue(c);
      expect(doc.signer).toBe('cloud');
      const pdf = await pdfOf(c, doc.id);
      expect(cmsVerifies(pdf)).toBe(true);
      expect(readCms(signedParts(pdf).cms).timeStampToken).toBeUndefined();
    } finally {
      tsa.mode = 'granted';
    }
    expect(await timeStampsCounted()).toEqual({ granted: before.granted, failed: before.failed + 1 });
  });
});
