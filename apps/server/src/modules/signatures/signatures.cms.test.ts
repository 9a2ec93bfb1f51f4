import 'reflect-metadata';
import { execFileSync } from 'node:child_process';
import { createHash, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as x509 from '@peculiar/x509';
import { beforeAll, describe, expect, it } from 'vitest';
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
