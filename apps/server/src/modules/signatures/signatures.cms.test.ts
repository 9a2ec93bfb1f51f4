// @peculiar/x509 needs the metadata polyfill loaded before it.
import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addSignaturePlaceholder,
  chainSigner,
  checkPdfSignature,
  type RawSigner,
  UnsignedDocument,
} from '../clinical-documents/clinical-documents.signing.ts';
import { chainKindOf, icpPersonOf, maskCpf, summarize } from './signatures.certificates.ts';
import {
  AD_RB_POLICY,
  assembleCms,
  OID,
  policyOf,
  readCms,
  signedAttributes,
  signingCertificateHashOf,
} from './signatures.cms.ts';
import {
  createTestAuthority,
  type IssuedCertificate,
  issueTestCertificate,
  type TestAuthority,
} from './signatures.test-chain.ts';

let authority: TestAuthority;
let holder: IssuedCertificate;
beforeAll(async () => {
  authority = await createTestAuthority();
  holder = await issueTestCertificate(authority, {
    cpf: '52998224725',
    name: 'Dra. Ana Lima',
    birthDate: '1980-04-09',
  });
});

const cmsOver = (content: Buffer) => {
  const signedAttrs = signedAttributes(createHash('sha256').update(content).digest(), holder.der);
  return assembleCms({
    signedAttrs,
    signature: sign('sha256', signedAttrs, holder.key),
    chain: holder.chain,
  });
};

describe('AD-RB signed attributes', () => {
  it('carry content type, digest, signing-certificate-v2 and the AD-RB policy, and no signing time', () => {
    const content = Buffer.from('conteúdo assinado');
    const cms = readCms(cmsOver(content));
    expect([...cms.attributes.keys()].sort()).toEqual(
      [OID.contentType, OID.messageDigest, OID.signingCertificateV2, OID.signaturePolicyId].sort(),
    );
    expect(cms.attributes.has(OID.signingTime)).toBe(false);
    expect(policyOf(cms)).toEqual({ oid: AD_RB_POLICY.oid, sha256: AD_RB_POLICY.sha256 });
    expect(signingCertificateHashOf(cms)).toBe(createHash('sha256').update(holder.der).digest('hex'));
    expect(cms.signerCertificate?.equals(holder.der)).toBe(true);
  });

  it('verify with openssl cms, and a changed byte fails', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cms-'));
    const content = Buffer.from('conteúdo assinado');
    fs.writeFileSync(path.join(dir, 'sig.der'), cmsOver(content));
    fs.writeFileSync(path.join(dir, 'content'), content);
    const verify = () =>
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
          path.join(dir, 'content'),
          '-noverify',
          '-out',
          '/dev/null',
        ],
        { stdio: 'pipe' },
      );
    expect(() => verify()).not.toThrow();
    const printed = execFileSync('openssl', [
      'cms',
      '-cmsout',
      '-print',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'sig.der'),
    ]).toString();
    expect(printed).toContain('id-smime-aa-signingCertificateV2');
    expect(printed).not.toContain('signingTime');
    fs.writeFileSync(path.join(dir, 'content'), Buffer.from('conteúdo assinadO'));
    expect(() => verify()).toThrow();
  });
});

describe('several documents signed in one call', () => {
  /** A one-page PDF with its signature placeholder, different for each text. */
  async function preparedPdf(text: string) {
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText(text);
    addSignaturePlaceholder(pdf, { holder: 'Dra. Ana Lima', reason: text });
    return Buffer.from(await pdf.save({ useObjectStreams: false }));
  }
  const byKey: RawSigner = async (attrs) => attrs.map((one) => sign('sha256', one, holder.key));
  const signerWith = (raw: RawSigner) => chainSigner('cloud', holder.chain, raw, { batchSize: 5 });

  it('each PDF gets its own signature over its own byte range, in one call of the signer', async () => {
    const pdfs = await Promise.all(['receita 1', 'receita 2', 'atestado 3'].map(preparedPdf));
    let calls = 0;
    const signed = await signerWith(async (attrs) => {
      calls++;
      return byKey(attrs);
    }).signPdfs(pdfs);
    expect(calls).toBe(1);
    expect(signed.map((one) => one instanceof Buffer && checkPdfSignature(one).valid)).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('a signature missing or not its own leaves that document unsigned, and only it', async () => {
    const pdfs = await Promise.all(['a', 'b', 'c', 'd'].map(preparedPdf));
    const signed = await signerWith(async (attrs) => {
      const [a, , c, d] = await byKey(attrs);
      // b's signature is missing; c and d came back swapped.
      return [a, undefined, d, c];
    }).signPdfs(pdfs);
    expect(signed.map((one) => (one instanceof UnsignedDocument ? 'unsigned' : 'signed'))).toEqual([
      'signed',
      'unsigned',
      'unsigned',
      'unsigned',
    ]);
    expect(checkPdfSignature(signed[0] as Buffer).valid).toBe(true);
  });
});

describe('test chain certificates', () => {
  it('carry the holder CPF and birth date, and reach the test root only', async () => {
    const cert = new x509.X509Certificate(holder.der);
    expect(icpPersonOf(cert)).toEqual({ cpf: '52998224725', birthDate: '1980-04-09' });
    expect(summarize(holder.der)).toMatchObject({
      cpf: '52998224725',
      issuer: expect.stringContaining('TESTE'),
    });
    expect(maskCpf('52998224725')).toBe('***.982.247-**');
    const now = new Date();
    expect(await chainKindOf(holder.chain, { icpBrasil: [], test: [authority.rootDer] }, now)).toBe('test');
    expect(await chainKindOf(holder.chain, { icpBrasil: [], test: [] }, now)).toBe('untrusted');
    const other = await createTestAuthority();
    expect(await chainKindOf(holder.chain, { icpBrasil: [], test: [other.rootDer] }, now)).toBe('untrusted');
    expect(
      await chainKindOf(
        holder.chain,
        { icpBrasil: [], test: [authority.rootDer] },
        new Date(Date.now() + 10 * 365 * 864e5),
      ),
    ).toBe('untrusted');
  });
});
