import { execFileSync } from 'node:child_process';
import { createHash, verify as verifySignature, X509Certificate } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLINICAL_DOCUMENT_MESSAGES as M } from '@pulsa/shared/schemas/clinical-documents';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, clinicalDocuments, signatureLinks, userProfiles } from '../../db/schema.ts';
import { decryptText } from '../../lib/encryption.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { localSigning, openSigningSession, opensslCmsVerifies, signedParts } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { AD_RB_POLICY, readCms } from '../signatures/signatures.cms.ts';
import { PscError, signHashes } from '../signatures/signatures.psc.ts';
import { listDocumentsForExport } from './clinical-documents.service.ts';
import { checkPdfSignature } from './clinical-documents.signing.ts';

/** The doctor's own signature (issue 27, decisions 121 and 122), over the API and with outside tools. */

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

describe('documents signed by the doctor', () => {
  let app: FastifyInstance;
  let signing: Awaited<ReturnType<typeof localSigning>>;
  beforeAll(async () => {
    signing = await localSigning();
    app = await createTestApp({ signature: signing.settings });
  }, 120_000);

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
      patientId: patient.id,
      doctorUserId: doctor.id,
      doctorName: doctor.fullName,
      doctor: await signIn(doctor.email, doctor.password),
      patient: await signIn(patient.email, patient.password),
    };
  }
  type Consultation = Awaited<ReturnType<typeof consultation>>;

  const issue = (c: Consultation) =>
    app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/documents`,
      headers: { cookie: c.doctor },
      payload: { type: 'prescription', items: [item] },
    });
  const signAll = (c: Consultation) =>
    app.inject({ method: 'POST', url: '/api/documents/sign', headers: { cookie: c.doctor }, payload: {} });
  const pdf = (id: string, cookie: string) =>
    app.inject({ method: 'GET', url: `/api/documents/${id}/pdf`, headers: { cookie } });
  const verify = (code: string) => app.inject({ method: 'GET', url: `/api/verify/${code}` });
  const session = (c: Consultation) =>
    openSigningSession(app, signing.psc, { userId: c.doctorUserId, cookie: c.doctor });

  it('a receita is valid only once the doctor signed it', async () => {
    const c = await consultation();
    const issued = await issue(c);
    expect(issued.statusCode).toBe(201);
    const doc = issued.json();
    expect(doc).toMatchObject({ signer: 'pending', signedAt: null });
    // Waiting: the public page says so, the patient gets no file, the ITI validator nothing.
    expect((await verify(doc.verificationCode)).json()).toMatchObject({ signer: 'pending', signature: null });
    const patientPdf = await pdf(doc.id, c.patient);
    expect(patientPdf.statusCode).toBe(409);
    expect(patientPdf.json().message).toBe(M.pendingSignature);
    expect((await pdf(doc.id, c.doctor)).statusCode).toBe(200);
    // Nor does the patient's data export hold it while it waits.
    const exported = () =>
      listDocumentsForExport(
        { db: app.db, dataKey: TEST_ENCRYPTION_KEY, storage: undefined as never },
        c.patientId,
      );
    expect(await exported()).toEqual([]);
    // No session: nothing signs.
    const refused = await signAll(c);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.noSigningSession);

    await session(c);
    const signed = await signAll(c);
    expect(signed.json()).toEqual({ signed: 1, ids: [doc.id], unsigned: [] });
    const [profile] = await app.db
      .select({ cpf: userProfiles.cpf })
      .from(userProfiles)
      .where(eq(userProfiles.id, c.doctorUserId));
    const cpf = profile?.cpf ?? '';
    const shown = (await verify(doc.verificationCode)).json();
    expect(shown).toMatchObject({
      signer: 'cloud',
      signature: {
        holder: expect.stringContaining(c.doctorName),
        cpfMasked: `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`,
        issuer: expect.stringContaining('TESTE'),
        validAtSigning: true,
        chain: 'test',
        chainLabel: expect.stringContaining('não é ICP-Brasil'),
      },
    });
    expect(JSON.stringify(shown)).not.toContain(cpf);
    const file = await pdf(doc.id, c.patient);
    expect(file.statusCode).toBe(200);
    expect((await exported()).map((d) => d.id)).toEqual([doc.id]);
    expect(checkPdfSignature(file.rawPayload)).toMatchObject({
      valid: true,
      hasSigningTime: false,
      policy: { oid: AD_RB_POLICY.oid, sha256: AD_RB_POLICY.sha256 },
    });
    // Signed once: nothing is left to sign, and a signed document is not signed again.
    expect((await signAll(c)).json()).toEqual({ signed: 0, ids: [], unsigned: [] });
    // With the session open, the next document is signed as it is issued.
    expect((await issue(c)).json()).toMatchObject({ signer: 'cloud', signedAt: expect.any(String) });
  });

  it('a revoked PSC link can no longer sign, and tokens are never returned', async () => {
    const c = await consultation();
    await session(c);
    const [link] = await app.db
      .select()
      .from(signatureLinks)
      .where(eq(signatureLinks.doctorUserId, c.doctorUserId));
    const token = decryptText(TEST_ENCRYPTION_KEY, link?.accessToken ?? '');
    expect(link?.accessToken).toMatch(/^enc:v1:/);
    expect(link?.accessToken).not.toContain(token);
    const status = await app.inject({ method: 'GET', url: '/api/signature', headers: { cookie: c.doctor } });
    expect(status.json()).toMatchObject({
      link: { sessionActive: true, chain: 'test', holder: expect.stringContaining(c.doctorName) },
      providers: [{ id: 'local', test: true }],
    });
    expect(status.body).not.toContain(token);
    expect((await issue(c)).json().signer).toBe('cloud');

    // The patient cannot see or revoke a doctor's link.
    expect(
      (await app.inject({ method: 'GET', url: '/api/signature', headers: { cookie: c.patient } })).statusCode,
    ).toBe(403);
    const revoked = await app.inject({
      method: 'DELETE',
      url: '/api/signature/link',
      headers: { cookie: c.doctor },
    });
    expect(revoked.statusCode).toBe(204);
    expect(
      (await app.inject({ method: 'GET', url: '/api/signature', headers: { cookie: c.doctor } })).json().link,
    ).toBeNull();
    expect(
      await app.db.select().from(signatureLinks).where(eq(signatureLinks.doctorUserId, c.doctorUserId)),
    ).toEqual([]);
    const after = await issue(c);
    expect(after.json().signer).toBe('pending');
    expect((await signAll(c)).statusCode).toBe(409);

    // Revoked at the PSC instead: the next signature ends the session, and nothing is signed.
    await session(c);
    signing.psc.revokeAllTokens();
    // Issuing keeps the document, waiting, and the session is over.
    const kept = await issue(c);
    expect(kept.statusCode).toBe(201);
    expect(kept.json().signer).toBe('pending');
    const refused = await signAll(c);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(M.noSigningSession);
    const status2 = await app.inject({ method: 'GET', url: '/api/signature', headers: { cookie: c.doctor } });
    expect(status2.json().link).toMatchObject({ sessionActive: false, sessionExpiresAt: null });
  });

  it('a replayed or foreign authorisation is refused', async () => {
    const c = await consultation();
    const other = await consultation();
    const [profile] = await app.db
      .select({ cpf: userProfiles.cpf, name: userProfiles.fullName })
      .from(userProfiles)
      .where(eq(userProfiles.id, c.doctorUserId));
    await signing.psc.addAccount({
      cpf: profile?.cpf ?? '',
      name: profile?.name ?? '',
      birthDate: '1980-01-01',
    });
    const start = await app.inject({
      method: 'POST',
      url: '/api/signature/session',
      headers: { cookie: c.doctor },
      payload: { provider: 'local' },
    });
    const back = new URL(await signing.psc.approve(start.json().authorizeUrl));
    // Another doctor cannot take over the code.
    const stolen = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: other.doctor },
    });
    expect(stolen.headers.location).toContain('assinatura=erro');
    // The state was used: the rightful doctor starts again.
    const replay = await app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: c.doctor },
    });
    expect(replay.headers.location).toContain('assinatura=erro');
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/signature/session',
      headers: { cookie: c.doctor },
      payload: { provider: 'nenhum' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('outside tools see the doctor’s valid signature over the whole file; one changed byte fails them', async () => {
    const c = await consultation();
    await session(c);
    const doc = (await issue(c)).json();
    const bytes = (await pdf(doc.id, c.patient)).rawPayload;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-sig-'));
    const file = path.join(dir, 'receita.pdf');
    fs.writeFileSync(file, bytes);

    const pdfsig = (target: string) => {
      try {
        return execFileSync('pdfsig', [target], { encoding: 'utf8', stdio: 'pipe' });
      } catch (error) {
        return String((error as { stdout?: string }).stdout ?? '');
      }
    };
    const report = pdfsig(file);
    expect(report).toContain(`Signer Certificate Common Name: ${doc.signerName}`);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('ETSI.CAdES.detached');

    // openssl over the bytes the ByteRange covers, with the CMS from /Contents.
    const parts = signedParts(bytes);
    fs.writeFileSync(path.join(dir, 'sig.der'), parts.cms);
    expect(opensslCmsVerifies(parts)).toBe(true);
    const printed = execFileSync(
      'openssl',
      ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', path.join(dir, 'sig.der')],
      {
        encoding: 'utf8',
      },
    );
    expect(printed).toContain(AD_RB_POLICY.oid);
    expect(printed).not.toContain('signingTime');

    const altered = Buffer.from(bytes);
    const at = altered.indexOf('Receita');
    expect(at).toBeGreaterThan(0);
    altered[at] = 'r'.charCodeAt(0);
    fs.writeFileSync(path.join(dir, 'alterada.pdf'), altered);
    expect(pdfsig(path.join(dir, 'alterada.pdf'))).not.toContain('Signature is Valid.');
    expect(opensslCmsVerifies({ cms: parts.cms, content: signedParts(altered).content })).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the upload check verifies the file’s own signature and names the signer', async () => {
    const c = await consultation();
    await session(c);
    const doc = (await issue(c)).json();
    const bytes = (await pdf(doc.id, c.patient)).rawPayload;
    const upload = (file: Buffer) => {
      const boundary = '----pulsasig';
      return app.inject({
        method: 'POST',
        url: `/api/verify/${doc.verificationCode}/check`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
          ),
          file,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    expect((await upload(bytes)).json()).toMatchObject({
      matches: true,
      signatureValid: true,
      signerName: doc.signerName,
      message: expect.stringContaining(doc.signerName),
    });
    const altered = Buffer.from(bytes);
    altered[altered.indexOf('Receita')] = 'r'.charCodeAt(0);
    expect((await upload(altered)).json()).toMatchObject({ matches: false, signatureValid: false });
  });

  /** Each PDF's signature stands alone: valid, verified by openssl, over its own byte range. */
  async function expectEachVerifies(c: Consultation, ids: string[]) {
    const signedAttrs = new Set<string>();
    for (const id of ids) {
      const file = await pdf(id, c.patient);
      expect(file.statusCode).toBe(200);
      expect(checkPdfSignature(file.rawPayload).valid).toBe(true);
      const parts = signedParts(file.rawPayload);
      expect(opensslCmsVerifies(parts)).toBe(true);
      signedAttrs.add(readCms(parts.cms).signedAttrs.toString('hex'));
    }
    expect(signedAttrs.size).toBe(ids.length);
  }

  it('a day’s documents go to the PSC up to its maximum a call, and each PDF verifies on its own', async () => {
    const c = await consultation();
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      const doc = (await issue(c)).json();
      expect(doc.signer).toBe('pending');
      ids.push(doc.id);
    }
    await session(c);
    const before = signing.psc.stats.callSizes.length;
    const signed = await signAll(c);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toEqual({ signed: 7, ids: expect.arrayContaining(ids), unsigned: [] });
    // Seven hashes, five a call (the PSC's maximum): two calls, not seven.
    expect(signing.psc.stats.callSizes.slice(before)).toEqual([5, 2]);
    await expectEachVerifies(c, ids);
  });

  it('a document the PSC leaves unsigned in its batch keeps waiting; the others are stored', async () => {
    const c = await consultation();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await issue(c)).json().id);
    await session(c);
    signing.psc.omitFromNextCall([1]);
    const first = await signAll(c);
    expect(first.statusCode).toBe(200);
    const answer = first.json() as { signed: number; ids: string[]; unsigned: string[] };
    expect(answer.signed).toBe(2);
    expect(answer.unsigned).toHaveLength(1);
    expect([...answer.ids, ...answer.unsigned].sort()).toEqual([...ids].sort());
    const left = answer.unsigned[0] as string;
    const rows = await app.db
      .select({ id: clinicalDocuments.id, signer: clinicalDocuments.signer })
      .from(clinicalDocuments)
      .where(inArray(clinicalDocuments.id, ids));
    expect(Object.fromEntries(rows.map((r) => [r.id, r.signer]))).toEqual(
      Object.fromEntries(ids.map((id) => [id, id === left ? 'pending' : 'cloud'])),
    );
    expect((await pdf(left, c.patient)).statusCode).toBe(409);
    await expectEachVerifies(c, answer.ids);
    // Signing again takes the one left waiting.
    expect((await signAll(c)).json()).toEqual({ signed: 1, ids: [left], unsigned: [] });
    await expectEachVerifies(c, ids);
  });

  it('the PSC refuses more hashes than its maximum; the adapter splits them by the PSC’s setting', async () => {
    const c = await consultation();
    await session(c);
    const [link] = await app.db
      .select()
      .from(signatureLinks)
      .where(eq(signatureLinks.doctorUserId, c.doctorUserId));
    const token = decryptText(TEST_ENCRYPTION_KEY, link?.accessToken ?? '');
    const publicKey = new X509Certificate(Buffer.from(link?.certificateChain[0] ?? '', 'base64')).publicKey;
    const data = Array.from({ length: 6 }, (_, i) => Buffer.from(`atributos assinados do documento ${i}`));
    const digests = data.map((d) => createHash('sha256').update(d).digest());
    const hashes = digests.map((digest, i) => ({
      id: String(i),
      alias: `documento-${i + 1}`,
      hash: digest.toString('base64'),
      hash_algorithm: '2.16.840.1.101.3.4.2.1',
      signature_format: 'RAW',
    }));
    const call = (body: unknown) =>
      fetch(`${signing.psc.baseUrl}/v0/oauth/signature`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const before = signing.psc.stats.signatureCalls;
    const over = await call({ hashes });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      error: 'invalid_request',
      error_description: `at most ${signing.psc.maxHashesPerCall} hashes per request`,
    });
    const within = await call({ hashes: hashes.slice(0, 5) });
    expect(within.status).toBe(200);
    expect(((await within.json()) as { signatures: { id: string }[] }).signatures.map((s) => s.id)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
    ]);
    expect(signing.psc.stats.signatureCalls - before).toBe(1);

    const provider = signing.settings.providers[0];
    if (!provider) throw new Error('no provider');
    const sizes = signing.psc.stats.callSizes.length;
    const signatures = await signHashes({ ...provider, maxHashesPerCall: 2 }, token, digests);
    expect(signing.psc.stats.callSizes.slice(sizes)).toEqual([2, 2, 2]);
    expect(
      signatures.map((sig, i) => !!sig && verifySignature('sha256', data[i] as Buffer, publicKey, sig)),
    ).toEqual(data.map(() => true));
    // Set above what the PSC takes, the call is refused whole: nothing is signed.
    const refused = await signHashes({ ...provider, maxHashesPerCall: 6 }, token, digests).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(PscError);
    expect((refused as PscError).status).toBe(400);
  });
});
