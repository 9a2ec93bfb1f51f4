// @peculiar/x509 resolves its services through tsyringe, which needs the Reflect metadata polyfill.
import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { SubjectAlternativeName } from '@peculiar/asn1-x509';
import * as x509 from '@peculiar/x509';
import * as asn1js from 'asn1js';

x509.cryptoProvider.set(webcrypto as never);

/** ICP-Brasil otherName of a natural person's certificate: birth date (ddmmaaaa), CPF, NIS, RG… */
export const OID_ICP_PERSON = '2.16.76.1.3.1';

/** Where a certificate's chain ends (decision 121). */
export type ChainKind = 'icp_brasil' | 'test' | 'untrusted';

/**
 * The roots a signature may reach. ICP-Brasil's roots are not shipped (they could not be obtained
 * here: decision 121), so in production nothing is accepted until they are configured; outside
 * production the local test chain's root is accepted and always named as a test chain.
 */
export interface TrustAnchors {
  icpBrasil: Buffer[];
  test: Buffer[];
}

/** What the verification page and the doctor's profile show of a certificate. */
export interface CertificateSummary {
  holder: string;
  cpf: string | null;
  birthDate: string | null;
  issuer: string;
  notBefore: Date;
  notAfter: Date;
  serial: string;
}

const cnOf = (name: x509.Name | string) => {
  const parsed = typeof name === 'string' ? new x509.Name(name) : name;
  return parsed.getField('CN')[0] ?? parsed.toString();
};

/** The text inside an otherName value: ICP-Brasil writes it as an OCTET STRING (some, a string type). */
function otherNameText(value: ArrayBuffer): string {
  const { result } = asn1js.fromBER(value);
  if (result instanceof asn1js.OctetString)
    return Buffer.from(result.valueBlock.valueHexView).toString('latin1');
  const block = (result as asn1js.BaseStringBlock).valueBlock as { value?: string };
  return typeof block.value === 'string' ? block.value : '';
}

/** The holder's CPF and birth date from the ICP-Brasil otherName 2.16.76.1.3.1, if present. */
export function icpPersonOf(certificate: x509.X509Certificate): { cpf: string; birthDate: string } | null {
  const extension = certificate.extensions.find((e) => e.type === '2.5.29.17');
  if (!extension) return null;
  const names = AsnConvert.parse(extension.value, SubjectAlternativeName);
  for (const name of names) {
    if (name.otherName?.typeId !== OID_ICP_PERSON) continue;
    const text = otherNameText(name.otherName.value);
    const birth = text.slice(0, 8);
    const cpf = text.slice(8, 19);
    if (!/^\d{11}$/.test(cpf)) return null;
    const birthDate = /^\d{8}$/.test(birth)
      ? `${birth.slice(4)}-${birth.slice(2, 4)}-${birth.slice(0, 2)}`
      : '';
    return { cpf, birthDate };
  }
  return null;
}

export function summarize(der: Buffer): CertificateSummary {
  const cert = new x509.X509Certificate(new Uint8Array(der));
  const person = icpPersonOf(cert);
  return {
    // ICP-Brasil writes "NOME:CPF" in the CN; the CPF is shown masked, apart.
    holder: cnOf(cert.subjectName).replace(/:\d{11}$/, ''),
    cpf: person?.cpf ?? null,
    birthDate: person?.birthDate ?? null,
    issuer: cnOf(cert.issuerName),
    notBefore: cert.notBefore,
    notAfter: cert.notAfter,
    serial: cert.serialNumber,
  };
}

/** "123.456.789-09" → "***.456.789-**": what the public page shows of a signer's CPF. */
export function maskCpf(cpf: string | null): string | null {
  if (!cpf || !/^\d{11}$/.test(cpf)) return null;
  return `***.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-**`;
}

/**
 * Walks from the signer's certificate up through the chain given (and the anchors) to a trusted
 * root, checking each signature and that each certificate was valid at `at`. Answers where it ended.
 */
export async function chainKindOf(chain: Buffer[], anchors: TrustAnchors, at: Date): Promise<ChainKind> {
  const [first, ...rest] = chain.map((der) => new x509.X509Certificate(new Uint8Array(der)));
  if (!first) return 'untrusted';
  const roots = [
    ...anchors.icpBrasil.map((der) => ({
      kind: 'icp_brasil' as const,
      cert: new x509.X509Certificate(new Uint8Array(der)),
    })),
    ...anchors.test.map((der) => ({
      kind: 'test' as const,
      cert: new x509.X509Certificate(new Uint8Array(der)),
    })),
  ];
  const pool = [...rest, ...roots.map((r) => r.cert)];
  let current = first;
  for (let depth = 0; depth < 6; depth++) {
    if (current.notBefore > at || current.notAfter < at) return 'untrusted';
    const root = roots.find((r) => Buffer.from(r.cert.rawData).equals(Buffer.from(current.rawData)));
    if (root) return root.kind;
    const issuer = pool.find((candidate) => candidate.subject === current.issuer && candidate !== current);
    if (!issuer) return 'untrusted';
    const ok = await current.verify({ publicKey: issuer.publicKey, signatureOnly: true });
    if (!ok) return 'untrusted';
    current = issuer;
  }
  return 'untrusted';
}

export const CHAIN_LABEL: Record<ChainKind, string> = {
  icp_brasil: 'Cadeia ICP-Brasil',
  test: 'Cadeia de TESTE do Pulsa (não é ICP-Brasil)',
  untrusted: 'Cadeia não reconhecida',
};
