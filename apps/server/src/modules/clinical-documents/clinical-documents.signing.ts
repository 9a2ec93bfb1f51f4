import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  sign as signWithKey,
  verify as verifySignature,
  X509Certificate,
} from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import * as signpdfModule from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';
import {
  assembleCms,
  messageDigestOf,
  OID,
  policyOf,
  readCms,
  signedAttributes,
} from '../signatures/signatures.cms.ts';
import type { TimeStamper } from '../signatures/signatures.tsa.ts';

/**
 * How a clinical document is signed (decisions 086 and 122). A signer turns PDFs whose signature
 * placeholder is ready into signed PDFs, each with its own ICP-Brasil AD-RB CMS (signatures.cms.ts):
 * a doctor's A1 certificate (a key in memory for one signature) or their cloud certificate (a PSC
 * signs the hashes over OAuth, several per call). The platform's certificate signs nothing new
 * since decision 122.
 */
export interface DocumentSigner {
  readonly kind: 'platform' | 'a1' | 'cloud';
  /** The certificate holder's name (its subject's CN), shown on the verification page. */
  readonly holder: string;
  /** The certificate chain, signer first (DER). */
  readonly chain: Buffer[];
  /** How many documents one signing call takes: the PSC's maxHashesPerCall for a cloud certificate. */
  readonly batchSize: number;
  /**
   * Signs PDFs carrying @signpdf's placeholder in one call of its raw signer: each gets its own
   * signed attributes over its own byte range, its CMS and (with a TSA) its own time-stamp. Per
   * PDF, in order: the whole signed PDF, or an UnsignedDocument when its signature did not come.
   */
  signPdfs(pdfsWithPlaceholder: Buffer[]): Promise<(Buffer | UnsignedDocument)[]>;
}

/**
 * Signs the DER SETs of several documents' signed attributes, PKCS#1 v1.5 with SHA-256, in one
 * go; undefined where the signer gave no signature for one of them.
 */
export type RawSigner = (signedAttrs: Buffer[]) => Promise<(Buffer | undefined)[]>;

/** A document of a batch left unsigned: no signature came back for it, or one its certificate refutes. */
export class UnsignedDocument extends Error {}

/** The signature placeholder's size in bytes: a chain of four 4096-bit certificates and a time-stamp fit. */
export const SIGNATURE_LENGTH = 16384;

/** A private key and its certificate chain (signer first), as a PKCS#12 file holds them. */
export interface KeyAndChain {
  key: forge.pki.PrivateKey;
  chain: forge.pki.Certificate[];
}

export class CertificateError extends Error {
  readonly reason: 'password' | 'no_key' | 'expired';
  constructor(reason: 'password' | 'no_key' | 'expired') {
    super(reason);
    this.reason = reason;
  }
}

const OIDS = {
  keyBag: forge.pki.oids.keyBag as string,
  shroudedKeyBag: forge.pki.oids.pkcs8ShroudedKeyBag as string,
  certBag: forge.pki.oids.certBag as string,
};

/** Opens a .pfx/.p12 with its password; wrong password, no key or an expired certificate throw CertificateError. */
export function openPkcs12(pfx: Buffer, password: string, now = new Date()): KeyAndChain {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    p12 = forge.pkcs12.pkcs12FromAsn1(
      forge.asn1.fromDer(forge.util.createBuffer(pfx.toString('binary'))),
      password,
    );
  } catch {
    throw new CertificateError('password');
  }
  const keyBags = [
    ...(p12.getBags({ bagType: OIDS.shroudedKeyBag })[OIDS.shroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: OIDS.keyBag })[OIDS.keyBag] ?? []),
  ];
  const key = keyBags.find((bag) => bag.key)?.key;
  if (!key) throw new CertificateError('no_key');
  const certificates = (p12.getBags({ bagType: OIDS.certBag })[OIDS.certBag] ?? [])
    .map((bag: forge.pkcs12.Bag) => bag.cert)
    .filter((cert): cert is forge.pki.Certificate => !!cert);
  // The signer's certificate is the one whose public key is the private key's.
  const rsaKey = key as forge.pki.rsa.PrivateKey;
  const own = certificates.find((cert: forge.pki.Certificate) => {
    const pub = cert.publicKey as forge.pki.rsa.PublicKey;
    return pub.n?.equals(rsaKey.n) && pub.e?.equals(rsaKey.e);
  });
  if (!own) throw new CertificateError('no_key');
  if (own.validity.notBefore > now || own.validity.notAfter < now) throw new CertificateError('expired');
  return { key, chain: [own, ...certificates.filter((cert: forge.pki.Certificate) => cert !== own)] };
}

export function holderOf(certificate: forge.pki.Certificate): string {
  const cn = certificate.subject.getField('CN');
  return typeof cn?.value === 'string' ? cn.value : 'Certificado sem nome';
}

/**
 * @signpdf's Signer handing over a CMS made beforehand. @signpdf/signer-p12 always adds signing-time,
 * which the ITI validator refuses, and knows neither signing-certificate-v2 nor the policy
 * identifier; and a PSC signs several documents' hashes in one call, so the signature cannot be
 * made inside one document's `sign`. @signpdf still computes the byte range and fills /Contents.
 */
class PreparedCms extends Signer {
  private readonly make: (signedBytes: Buffer) => Buffer;
  constructor(make: (signedBytes: Buffer) => Buffer) {
    super();
    this.make = make;
  }
  override async sign(signedBytes: Buffer): Promise<Buffer> {
    return this.make(signedBytes);
  }
}

// A CommonJS module: Node's ESM loader exposes its exports, not the types' `SignPdf` export.
const { SignPdf } = signpdfModule as unknown as {
  SignPdf: new () => { sign(pdf: Buffer, signer: Signer): Promise<Buffer> };
};

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** SHA-256 of the bytes the PDF's ByteRange will cover, as @signpdf sets the range. */
async function byteRangeDigest(pdf: Buffer): Promise<Buffer> {
  let digest: Buffer | undefined;
  await new SignPdf().sign(
    pdf,
    new PreparedCms((signedBytes) => {
      digest = sha256Of(signedBytes);
      return Buffer.alloc(0);
    }),
  );
  if (!digest) throw new Error('no byte range');
  return digest;
}

/** The signed PDF: @signpdf sets the same byte range again and places the CMS made for it. */
function embedCms(pdf: Buffer, digest: Buffer, cms: Buffer): Promise<Buffer> {
  return new SignPdf().sign(
    pdf,
    new PreparedCms((signedBytes) => {
      if (!sha256Of(signedBytes).equals(digest)) throw new Error('the byte range changed while signing');
      return cms;
    }),
  );
}

const derOf = (cert: forge.pki.Certificate) =>
  Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary');

/**
 * A signer around a chain and a way to sign signed attributes, several at once (and to time-stamp
 * each signature). Every signature that comes back is checked with the certificate's key before
 * it is placed, so a PSC mixing up a batch's answers signs nothing wrongly.
 */
export function chainSigner(
  kind: DocumentSigner['kind'],
  chain: Buffer[],
  raw: RawSigner,
  options: { batchSize: number; timeStamp?: TimeStamper | undefined },
): DocumentSigner {
  const [own] = chain;
  const publicKey = own ? new X509Certificate(own).publicKey : undefined;
  return {
    kind,
    holder: own ? holderOfDer(own) : 'Pulsa',
    chain,
    batchSize: options.batchSize,
    async signPdfs(pdfs) {
      if (!own || !publicKey) throw new Error('no certificate');
      const digests: Buffer[] = [];
      for (const pdf of pdfs) digests.push(await byteRangeDigest(pdf));
      const attrs = digests.map((digest) => signedAttributes(digest, own));
      const signatures = await raw(attrs);
      const out: (Buffer | UnsignedDocument)[] = [];
      for (const [i, pdf] of pdfs.entries()) {
        const signedAttrs = attrs[i] as Buffer;
        const signature = signatures[i];
        if (!signature || !verifySignature('sha256', signedAttrs, publicKey, signature)) {
          out.push(new UnsignedDocument(signature ? 'signature does not verify' : 'no signature'));
          continue;
        }
        out.push(await embedCms(pdf, digests[i] as Buffer, await cmsOf(signedAttrs, signature)));
      }
      return out;
    },
  };

  /** The AD-RB CMS; with a TSA, its signature's time-stamp (decision 133), one per document. */
  async function cmsOf(signedAttrs: Buffer, signature: Buffer): Promise<Buffer> {
    const bare = assembleCms({ signedAttrs, signature, chain });
    if (!options.timeStamp) return bare;
    // The token must fit the placeholder beside the attribute's own framing (and longer lengths).
    const timeStampToken = await options.timeStamp(signature, SIGNATURE_LENGTH - bare.length - 64);
    return timeStampToken ? assembleCms({ signedAttrs, signature, chain, timeStampToken }) : bare;
  }
}

/** One document through the one signing path: a batch of one. */
export async function signPdf(signer: DocumentSigner, pdfWithPlaceholder: Buffer): Promise<Buffer> {
  const [signed] = await signer.signPdfs([pdfWithPlaceholder]);
  if (!signed) throw new UnsignedDocument('no signature');
  if (signed instanceof UnsignedDocument) throw signed;
  return signed;
}

/** How many documents a key in memory signs between stores (bounds the PDFs held at once). */
const KEY_BATCH = 10;

/** A signer around a key held in memory: a doctor's A1 for one signature (or the old platform seal). */
export function keySigner(
  kind: 'platform' | 'a1',
  keys: KeyAndChain,
  timeStamp?: TimeStamper,
): DocumentSigner {
  const key = createPrivateKey(forge.pki.privateKeyToPem(keys.key as forge.pki.rsa.PrivateKey));
  return chainSigner(
    kind,
    keys.chain.map(derOf),
    async (attrs) => attrs.map((one) => signWithKey('sha256', one, key)),
    { batchSize: KEY_BATCH, timeStamp },
  );
}

/** The holder's name from the certificate's CN, without the CPF ICP-Brasil appends ("NOME:CPF"). */
export function holderOfDer(der: Buffer): string {
  const cn = new X509Certificate(der).subject.split('\n').find((line) => line.startsWith('CN='));
  return cn ? cn.slice(3).replace(/:\d{11}$/, '') : 'Certificado sem nome';
}

/** Adds the signature placeholder (PAdES: ETSI.CAdES.detached) to a document being drawn. */
export function addSignaturePlaceholder(pdf: PDFDocument, signer: { holder: string; reason: string }) {
  pdflibAddPlaceholder({
    pdfDoc: pdf,
    reason: signer.reason,
    contactInfo: '',
    name: signer.holder,
    location: 'Teleconsulta — Pulsa',
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    appName: 'Pulsa',
  });
}

/** A self-signed certificate for an installation that configured none (development, demo, tests). */
export function generatePlatformCertificate(
  password: string,
  commonName = 'Pulsa Telemedicina (desenvolvimento)',
) {
  // Node's generator is native; forge only writes the certificate and the PKCS#12.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string);
  const publicKey = forge.pki.setRsaPublicKey(
    (key as forge.pki.rsa.PrivateKey).n,
    (key as forge.pki.rsa.PrivateKey).e,
  );
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(8))}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const attrs = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Pulsa' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key as forge.pki.rsa.PrivateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key as forge.pki.rsa.PrivateKey, [cert], password, {
    algorithm: '3des',
  });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * The platform certificate of an installation that configured none: made once and kept beside the
 * data (like the local encryption key), so `npm start` and the demo need no set-up. Production
 * configures DOCUMENT_SIGNING_PFX (config.ts) with a certificate a recognised authority issued.
 */
export function localPlatformCertificate(dataDir: string): { pfx: Buffer; password: string } {
  const file = path.join(dataDir, 'document-signing.p12');
  const passwordFile = path.join(dataDir, 'document-signing.password');
  try {
    return { pfx: fs.readFileSync(file), password: fs.readFileSync(passwordFile, 'utf8').trim() };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = forge.util.bytesToHex(forge.random.getBytesSync(16));
  const pfx = generatePlatformCertificate(password);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  fs.writeFileSync(file, pfx, { mode: 0o600 });
  return { pfx, password };
}

/** What a PDF's signature says when checked: the CMS over its byte ranges. */
export interface SignatureCheck {
  valid: boolean;
  holder: string | null;
  hasSigningTime: boolean;
  subFilter: string | null;
  /** The certificates the CMS carries, the signer's first. */
  chain: Buffer[];
  policy: { oid: string; sha256: string } | null;
}

/**
 * Checks the (last) signature of a PDF: the ByteRange covers the whole file but the signature, the
 * message digest signed is the SHA-256 of those bytes, and the signature over the signed attributes
 * verifies with the signer's key.
 */
export function checkPdfSignature(pdf: Buffer): SignatureCheck {
  const invalid: SignatureCheck = {
    valid: false,
    holder: null,
    hasSigningTime: false,
    subFilter: null,
    chain: [],
    policy: null,
  };
  const text = pdf.toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)].at(-1);
  if (!ranges) return invalid;
  const [a, b, c, d] = ranges.slice(1, 5).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length || b >= c) return invalid;
  const subFilter = /\/SubFilter\s*\/([A-Za-z0-9.]+)/.exec(text)?.[1] ?? null;
  const hex = text.slice(b + 1, c - 1);
  if (!/^[0-9a-fA-F]+$/.test(hex)) return invalid;
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  try {
    const cms = readCms(Buffer.from(hex, 'hex'));
    const cert = cms.signerCertificate;
    if (!cert) return invalid;
    const chain = [cert, ...cms.certificates.filter((x) => !x.equals(cert))];
    const base = {
      holder: holderOfDer(cert),
      hasSigningTime: cms.attributes.has(OID.signingTime),
      subFilter,
      chain,
      policy: policyOf(cms) ?? null,
    };
    const digest = messageDigestOf(cms);
    if (!digest || !createHash('sha256').update(signed).digest().equals(digest))
      return { ...base, valid: false };
    const valid = verifySignature(
      'sha256',
      cms.signedAttrs,
      new X509Certificate(cert).publicKey,
      cms.signature,
    );
    return { ...base, valid };
  } catch {
    return invalid;
  }
}

let ephemeral: { pfx: Buffer; password: string } | undefined;

/**
 * The platform's signer from the configured certificate, opened on first use. Without one (tests
 * that build the app directly) an ephemeral self-signed certificate is made once per process.
 */
export function platformSignerFor(
  configured: { pfx: Buffer; password: string } | undefined,
): () => DocumentSigner {
  let signer: DocumentSigner | undefined;
  return () => {
    if (signer) return signer;
    let source = configured;
    if (!source) {
      ephemeral ??= (() => {
        const password = 'ephemeral';
        return { pfx: generatePlatformCertificate(password), password };
      })();
      source = ephemeral;
    }
    signer = keySigner('platform', openPkcs12(source.pfx, source.password));
    return signer;
  };
}
