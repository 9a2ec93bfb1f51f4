import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import forge from 'node-forge';
import { afterAll, expect } from 'vitest';
import type { SignatureSettings } from '../config.ts';
import { userProfiles } from '../db/schema.ts';
import { type LocalPsc, startLocalPsc } from '../modules/signatures/local-psc.ts';
import { PSC_DEFAULTS } from '../modules/signatures/signatures.psc.ts';
import {
  createTestAuthority,
  type IssuedCertificate,
  type TestAuthority,
} from '../modules/signatures/signatures.test-chain.ts';

/** The local PSC and its test chain for a test file (decision 121); closed after the file. */
export async function localSigning(options: { delayMs?: number } = {}): Promise<{
  authority: TestAuthority;
  psc: LocalPsc;
  settings: SignatureSettings;
}> {
  const authority = await createTestAuthority();
  const psc = await startLocalPsc({ authority, delayMs: options.delayMs });
  afterAll(() => psc.close());
  return {
    authority,
    psc,
    settings: {
      providers: [
        {
          id: 'local',
          name: 'PSC local de TESTE',
          baseUrl: psc.baseUrl,
          clientId: psc.clientId,
          clientSecret: psc.clientSecret,
          ...PSC_DEFAULTS,
          test: true,
        },
      ],
      icpBrasilRoots: [],
      testRoots: [authority.rootDer],
    },
  };
}

/**
 * The doctor opens a signing session the way the browser does: the profile asks for the PSC's
 * address, the PSC's "Autorizar" sends them back to the callback with the code.
 */
export async function openSigningSession(
  app: FastifyInstance,
  psc: LocalPsc,
  doctor: { userId: string; cookie: string },
): Promise<void> {
  const [profile] = await app.db
    .select({ cpf: userProfiles.cpf, name: userProfiles.fullName })
    .from(userProfiles)
    .where(eq(userProfiles.id, doctor.userId));
  if (!profile?.cpf) throw new Error('doctor without CPF');
  await psc.addAccount({ cpf: profile.cpf, name: profile.name, birthDate: '1980-04-09' });
  const start = await app.inject({
    method: 'POST',
    url: '/api/signature/session',
    headers: { cookie: doctor.cookie },
    payload: { provider: 'local' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const back = new URL(await psc.approve(start.json().authorizeUrl));
  const done = await app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: doctor.cookie },
  });
  expect(done.headers.location, String(done.headers.location)).toContain('assinatura=ativa');
}

/** An A1 file (PKCS#12) of a test-chain certificate, as a doctor would upload it. */
export function pkcs12Of(issued: IssuedCertificate, password: string): Buffer {
  const key = forge.pki.privateKeyFromPem(issued.key.export({ type: 'pkcs1', format: 'pem' }) as string);
  const certs = issued.chain.map((der) =>
    forge.pki.certificateFromAsn1(forge.asn1.fromDer(forge.util.createBuffer(der.toString('binary')))),
  );
  const p12 = forge.pkcs12.toPkcs12Asn1(key as forge.pki.rsa.PrivateKey, certs, password, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/** The CMS in a signed PDF's /Contents and the bytes its ByteRange covers. */
export function signedParts(pdf: Buffer): { cms: Buffer; content: Buffer } {
  const text = pdf.toString('latin1');
  const [a, b, c, d] = (/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)/.exec(text) ?? [])
    .slice(1)
    .map(Number) as [number, number, number, number];
  return {
    cms: Buffer.from(text.slice(b + 1, c - 1), 'hex'),
    content: Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]),
  };
}

/** `openssl cms -verify` of a detached CMS over its content (the signer's key; the chain is not checked). */
export function opensslCmsVerifies({ cms, content }: { cms: Buffer; content: Buffer }): boolean {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-cms-'));
  try {
    fs.writeFileSync(path.join(dir, 'sig.der'), cms);
    fs.writeFileSync(path.join(dir, 'content.bin'), content);
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
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
