import { createHash, createPublicKey, generateKeyPairSync, verify as verifySignature } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import * as signpdfModule from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import forge from 'node-forge';
import type { PDFDocument } from 'pdf-lib';

/**
 * How a clinical document is sealed (decision 086). A signer turns a PDF whose signature
 * placeholder is ready into the signed PDF. Today: the platform's certificate and a doctor's A1
 * certificate, both a private key in memory. A cloud certificate (VIDaaS, BirdID) signs a hash over
 * OAuth instead: it fits as a DocumentSigner whose `sign` sends the signed attributes' digest to the
 * provider and builds the same CMS around the signature it returns.
 */
export interface DocumentSigner {
  readonly kind: 'platform' | 'a1';
  /** The certificate holder's name (its subject's CN), shown on the verification page. */
  readonly holder: string;
  /** Signs a PDF carrying @signpdf's placeholder; returns the whole signed PDF. */
  signPdf(pdfWithPlaceholder: Buffer): Promise<Buffer>;
}

/** The signature placeholder's size in bytes: a CMS with a chain of up to three certificates fits. */
export const SIGNATURE_LENGTH = 8192;

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
 * @signpdf's Signer that writes the CMS (detached, SHA-256) with only the content-type and
 * message-digest signed attributes: @signpdf/signer-p12 always adds signing-time, which the ITI
 * validator refuses for ICP-Brasil signatures.
 */
export class CmsSigner extends Signer {
  private readonly keys: KeyAndChain;
  constructor(keys: KeyAndChain) {
    super();
    this.keys = keys;
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    for (const cert of this.keys.chain) p7.addCertificate(cert);
    const [signer] = this.keys.chain;
    if (!signer) throw new Error('no certificate');
    p7.addSigner({
      key: this.keys.key as forge.pki.rsa.PrivateKey,
      certificate: signer,
      digestAlgorithm: forge.pki.oids.sha256 as string,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType as string, value: forge.pki.oids.data },
        { type: forge.pki.oids.messageDigest as string },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}

// A CommonJS module: Node's ESM loader exposes its exports, not the types' `SignPdf` export.
const { SignPdf } = signpdfModule as unknown as {
  SignPdf: new () => { sign(pdf: Buffer, signer: Signer): Promise<Buffer> };
};

/** A signer around a key held in memory: the platform's, or a doctor's A1 for one signature. */
export function keySigner(kind: 'platform' | 'a1', keys: KeyAndChain): DocumentSigner {
  const cms = new CmsSigner(keys);
  const signpdf = new SignPdf();
  const [own] = keys.chain;
  return {
    kind,
    holder: own ? holderOf(own) : 'Pulsa',
    signPdf: (pdf) => signpdf.sign(pdf, cms),
  };
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
}

/** A constructed ASN.1 node's children; anything else is a malformed signature. */
function kids(node: forge.asn1.Asn1 | undefined): forge.asn1.Asn1[] {
  if (!node || !Array.isArray(node.value)) throw new Error('malformed CMS');
  return node.value;
}

/** A primitive ASN.1 node's bytes (a binary string). */
function bytesOf(node: forge.asn1.Asn1 | undefined): string {
  if (!node || typeof node.value !== 'string') throw new Error('malformed CMS');
  return node.value;
}

const OID_MESSAGE_DIGEST = '1.2.840.113549.1.9.4';
const OID_SIGNING_TIME = '1.2.840.113549.1.9.5';

/**
 * Checks the (last) signature of a PDF: the message digest signed is the SHA-256 of the bytes the
 * ByteRange covers, and the signature over the signed attributes verifies with the signer's key.
 */
export function checkPdfSignature(pdf: Buffer): SignatureCheck {
  const invalid: SignatureCheck = { valid: false, holder: null, hasSigningTime: false, subFilter: null };
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
    const der = Buffer.from(hex, 'hex');
    const contentInfo = forge.asn1.fromDer(
      forge.util.createBuffer(der.toString('binary')),
      // The /Contents placeholder is padded with zeros after the CMS.
      { parseAllBytes: false } as unknown as boolean,
    );
    const signedData = kids(kids(contentInfo)[1])[0];
    const parts = kids(signedData);
    const signerInfo = kids(kids(parts.at(-1))[0]);
    const attrs = signerInfo.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    const signature = signerInfo.at(-1)?.value;
    if (!attrs || typeof signature !== 'string') return invalid;
    let digest: string | undefined;
    let hasSigningTime = false;
    for (const attr of kids(attrs)) {
      const [oid, values] = kids(attr);
      const name = forge.asn1.derToOid(bytesOf(oid));
      if (name === OID_SIGNING_TIME) hasSigningTime = true;
      if (name === OID_MESSAGE_DIGEST) digest = bytesOf(kids(values)[0]);
    }
    // The certificates are [0] of SignedData; the signer's is the one matching the signer info's serial.
    const certsNode = parts.find((p) => p.tagClass === forge.asn1.Class.CONTEXT_SPECIFIC && p.type === 0);
    const certs = (certsNode ? kids(certsNode) : []).map((node) => forge.pki.certificateFromAsn1(node));
    const serial = forge.util.bytesToHex(bytesOf(kids(signerInfo[1])[1])).replace(/^(00)+/, '');
    const cert = certs.find((x) => x.serialNumber.replace(/^(00)+/, '') === serial) ?? certs[0];
    if (!cert || !digest) return invalid;
    const expected = createHash('sha256').update(signed).digest();
    if (!expected.equals(Buffer.from(digest, 'binary')))
      return { ...invalid, holder: holderOf(cert), subFilter };
    // Signed attributes are signed as a SET (tag 0x31), not as the [0] they are stored in.
    const attrsDer = Buffer.from(forge.asn1.toDer(attrs).getBytes(), 'binary');
    attrsDer[0] = 0x31;
    const publicKey = createPublicKey(forge.pki.publicKeyToPem(cert.publicKey));
    const valid = verifySignature('sha256', attrsDer, publicKey, Buffer.from(signature, 'binary'));
    return { valid, holder: holderOf(cert), hasSigningTime, subFilter };
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
