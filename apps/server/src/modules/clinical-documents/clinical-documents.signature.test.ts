import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLINICAL_DOCUMENT_MESSAGES as M } from '@pulsa/shared/schemas/clinical-documents';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, signatureLinks, userProfiles } from '../../db/schema.ts';
import { decryptText } from '../../lib/encryption.ts';
import { createDoctor, createPatient } from '../../seed/factories.ts';
import { localSigning, openSigningSession } from '../../test/signing.ts';
import { createTestApp, sessionCookieFrom, TEST_ENCRYPTION_KEY } from '../../test/test-app.ts';
import { AD_RB_POLICY } from '../signatures/signatures.cms.ts';
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
    expect(signed.json()).toEqual({ signed: 1, ids: [doc.id] });
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
    expect((await signAll(c)).json()).toEqual({ signed: 0, ids: [] });
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
    const text = bytes.toString('latin1');
    const [a, b, cc, d] = (/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text) ?? [])
      .slice(1)
      .map(Number) as number[];
    const cms = Buffer.from(text.slice((b ?? 0) + 1, (cc ?? 0) - 1), 'hex');
    fs.writeFileSync(path.join(dir, 'sig.der'), cms);
    const content = (pdfBytes: Buffer) =>
      Buffer.concat([pdfBytes.subarray(a, (a ?? 0) + (b ?? 0)), pdfBytes.subarray(cc, (cc ?? 0) + (d ?? 0))]);
    const opensslVerify = (signed: Buffer) => {
      fs.writeFileSync(path.join(dir, 'content.bin'), signed);
      try {
        execFileSync(
          'openssl',
          [
            'cms',
            '-verify',
            '-binary',
            '-inform',
            'DER',
            '-in',
            path.join(dir, 'sig.der'),
            '-content',
            path.join(dir, 'content.bin'),
            '-noverify',
            '-out',
            '/dev/null',
          ],
          { stdio: 'pipe' },
        );
        return true;
      } catch {
        return false;
      }
    };
    expect(opensslVerify(content(bytes))).toBe(true);
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
    expect(opensslVerify(content(altered))).toBe(false);
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
});
