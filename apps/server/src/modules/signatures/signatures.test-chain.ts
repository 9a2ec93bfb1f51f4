// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata polyfill.
import 'reflect-metadata';
import { createPrivateKey, type KeyObject, KeyObject as NodeKeyObject, webcrypto } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import { GeneralName, OtherName, SubjectAlternativeName } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import { OID_ICP_PERSON } from './signatures.certificates.ts';

/**
 * A certificate chain for tests and the demo (decision 121): a root and an intermediate "AC" made
 * here, never ICP-Brasil and named so in every certificate, and end-entity certificates carrying
 * the ICP-Brasil otherName of a natural person (birth date and CPF), as a PSC's would.
 */

const ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};

export const TEST_ROOT_NAME = 'CN=Pulsa AC Raiz de TESTE (não é ICP-Brasil), O=Pulsa TESTE, C=BR';
export const TEST_AC_NAME = 'CN=AC Pulsa de TESTE (não é ICP-Brasil), O=Pulsa TESTE, C=BR';

export interface TestAuthority {
  rootDer: Buffer;
  acDer: Buffer;
  acKey: webcrypto.CryptoKey;
}

export interface TestHolder {
  cpf: string;
  name: string;
  /** YYYY-MM-DD */
  birthDate: string;
}

export interface IssuedCertificate {
  der: Buffer;
  key: KeyObject;
  chain: Buffer[];
}

// x509's parameters name the global WebCrypto types: unresolved under Node's own types, the DOM's
// where a project includes that library (the benchmarks); Node's keys are passed as those.
type CreateParams = x509.X509CertificateCreateWithKeyParams;
type SelfSignedParams = x509.X509CertificateCreateSelfSignedParams;

const keys = () =>
  webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']) as Promise<webcrypto.CryptoKeyPair>;
const years = (n: number) => new Date(Date.now() + n * 365 * 24 * 3600_000);

export async function createTestAuthority(): Promise<TestAuthority> {
  const rootKeys = await keys();
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    name: TEST_ROOT_NAME,
    keys: rootKeys as SelfSignedParams['keys'],
    notBefore: new Date(Date.now() - 24 * 3600_000),
    notAfter: years(10),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 1, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  const acKeys = await keys();
  const ac = await x509.X509CertificateGenerator.create({
    subject: TEST_AC_NAME,
    issuer: root.subject,
    publicKey: acKeys.publicKey as CreateParams['publicKey'],
    signingKey: rootKeys.privateKey as CreateParams['signingKey'],
    notBefore: new Date(Date.now() - 24 * 3600_000),
    notAfter: years(8),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
    ],
  });
  return { rootDer: Buffer.from(root.rawData), acDer: Buffer.from(ac.rawData), acKey: acKeys.privateKey };
}

/** The ICP-Brasil person otherName: ddmmaaaa, CPF, NIS, RG and its issuer (zeros when unknown). */
function personOtherName(holder: TestHolder): GeneralName {
  const [y, m, d] = holder.birthDate.split('-');
  const text = `${d}${m}${y}${holder.cpf}${'0'.repeat(11)}${'0'.repeat(15)}${'0'.repeat(10)}`;
  return new GeneralName({
    otherName: new OtherName({
      typeId: OID_ICP_PERSON,
      value: AsnConvert.serialize(new OctetString(Buffer.from(text, 'latin1'))),
    }),
  });
}

/** An end-entity certificate for a holder, issued by the test AC. */
export async function issueTestCertificate(
  authority: TestAuthority,
  holder: TestHolder,
): Promise<IssuedCertificate> {
  const holderKeys = await keys();
  const ac = new x509.X509Certificate(new Uint8Array(authority.acDer));
  const san = AsnConvert.serialize(new SubjectAlternativeName([personOtherName(holder)]));
  const cert = await x509.X509CertificateGenerator.create({
    subject: `CN=${holder.name.replace(/[,=+<>#;"\\]/g, ' ')}:${holder.cpf}, OU=Certificado de TESTE, O=Pulsa TESTE, C=BR`,
    issuer: ac.subject,
    publicKey: holderKeys.publicKey as CreateParams['publicKey'],
    signingKey: authority.acKey as CreateParams['signingKey'],
    notBefore: new Date(Date.now() - 24 * 3600_000),
    notAfter: years(3),
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation,
        true,
      ),
      new x509.Extension('2.5.29.17', false, san),
    ],
  });
  return {
    der: Buffer.from(cert.rawData),
    key: NodeKeyObject.from(holderKeys.privateKey),
    chain: [Buffer.from(cert.rawData), authority.acDer, authority.rootDer],
  };
}

interface StoredAuthority {
  root: string;
  ac: string;
  acKey: string;
}

/** The demo's test authority, made once and kept beside the data (like the local encryption key). */
export async function localTestAuthority(dataDir: string): Promise<TestAuthority> {
  const file = path.join(dataDir, 'signature-test-authority.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredAuthority;
    const acKey = await webcrypto.subtle.importKey(
      'pkcs8',
      createPrivateKey(stored.acKey).export({ type: 'pkcs8', format: 'der' }),
      ALGORITHM,
      true,
      ['sign'],
    );
    return { rootDer: Buffer.from(stored.root, 'base64'), acDer: Buffer.from(stored.ac, 'base64'), acKey };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const authority = await createTestAuthority();
  const stored: StoredAuthority = {
    root: authority.rootDer.toString('base64'),
    ac: authority.acDer.toString('base64'),
    acKey: NodeKeyObject.from(authority.acKey).export({ type: 'pkcs8', format: 'pem' }) as string,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  return authority;
}
