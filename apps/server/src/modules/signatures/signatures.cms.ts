import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';

/**
 * The CMS of an ICP-Brasil AD-RB signature over PAdES (decision 120): detached SignedData, SHA-256,
 * signed attributes content-type, message-digest, signing-certificate-v2 and the signature-policy
 * identifier of the PAdES AD-RB policy; never signing-time (PAdES takes the time from the PDF or a
 * time-stamp, and the ITI validator refuses it). The signature itself is made elsewhere (a key in
 * memory or a PSC over OAuth): this module builds what is signed and assembles the result.
 */

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signaturePolicyId: '1.2.840.113549.1.9.16.2.15',
  spqEtsUri: '1.2.840.113549.1.9.16.5.1',
  timeStampToken: '1.2.840.113549.1.9.16.2.14',
  sha256: '2.16.840.1.101.3.4.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/**
 * ICP-Brasil's PAdES AD-RB policy, version 1.3 (decision 120 records where these values come from
 * and what could not be confirmed here). The hash is the policy's own SignPolicyHash (SHA-256),
 * which CAdES puts in sigPolicyHash for a policy written in ASN.1.
 */
export const AD_RB_POLICY = {
  oid: '2.16.76.1.7.1.11.1.3',
  uri: 'http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_3.der',
  sha256: '23e4be4b9b362172e4ebb0e72b86a133ece5aad843d8651c6e38a0ba3f08fc60',
} as const;

const oid = (value: string) => new asn1js.ObjectIdentifier({ value });
const octets = (bytes: Buffer) => new asn1js.OctetString({ valueHex: new Uint8Array(bytes) });
const der = (node: asn1js.BaseBlock) => Buffer.from(node.toBER(false));
const algorithm = (id: string, withNull = true) =>
  new asn1js.Sequence({ value: withNull ? [oid(id), new asn1js.Null()] : [oid(id)] });

function parse(bytes: Buffer | Uint8Array): asn1js.AsnType {
  const { result, offset } = asn1js.fromBER(new Uint8Array(bytes));
  if (offset === -1) throw new Error('malformed ASN.1');
  return result;
}

/** An attribute: SEQUENCE { type OID, values SET OF ANY }. */
const attribute = (type: string, value: asn1js.BaseBlock) =>
  new asn1js.Sequence({ value: [oid(type), new asn1js.Set({ value: [value] })] });

/** The issuer Name and serial of a certificate (DER), read from its TBSCertificate. */
function issuerAndSerial(certificateDer: Buffer) {
  const tbs = (parse(certificateDer) as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
  const fields = tbs.valueBlock.value;
  // TBSCertificate: [0] version (explicit, optional), serialNumber, signature, issuer, ...
  const start = fields[0]?.idBlock.tagClass === 3 ? 1 : 0;
  const serial = fields[start] as asn1js.Integer;
  const issuer = fields[start + 2] as asn1js.Sequence;
  return { serial, issuer };
}

/**
 * The DER of the signed attributes as a SET (what the signature covers), sorted as DER asks for a
 * SET OF. `contentDigest` is the SHA-256 of the bytes the PDF's ByteRange covers.
 */
export function signedAttributes(contentDigest: Buffer, signerCertificateDer: Buffer): Buffer {
  const { serial, issuer } = issuerAndSerial(signerCertificateDer);
  const certHash = createHash('sha256').update(signerCertificateDer).digest();
  // ESSCertIDv2 with SHA-256, the DEFAULT algorithm, which DER leaves out.
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      octets(certHash),
      new asn1js.Sequence({
        value: [
          // GeneralNames: directoryName [4] EXPLICIT Name.
          new asn1js.Sequence({
            value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [issuer] })],
          }),
          serial,
        ],
      }),
    ],
  });
  const signingCertificateV2 = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [essCertIdV2] })],
  });
  const policy = new asn1js.Sequence({
    value: [
      oid(AD_RB_POLICY.oid),
      new asn1js.Sequence({
        value: [algorithm(OID.sha256), octets(Buffer.from(AD_RB_POLICY.sha256, 'hex'))],
      }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [oid(OID.spqEtsUri), new asn1js.IA5String({ value: AD_RB_POLICY.uri })],
          }),
        ],
      }),
    ],
  });
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(contentDigest)),
    attribute(OID.signingCertificateV2, signingCertificateV2),
    attribute(OID.signaturePolicyId, policy),
  ]
    .map(der)
    .sort(Buffer.compare);
  const body = Buffer.concat(attributes);
  return Buffer.concat([der(new asn1js.Set({ value: [] })).subarray(0, 1), lengthOf(body.length), body]);
}

function lengthOf(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  for (let v = n; v > 0; v >>= 8) bytes.unshift(v & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/**
 * The detached CMS (ContentInfo of SignedData) around a signature over `signedAttrs`, carrying the
 * chain (signer first). `unsignedAttributes` holds, when there is one, the RFC 3161 time-stamp token.
 */
export function assembleCms(input: {
  signedAttrs: Buffer;
  signature: Buffer;
  chain: Buffer[];
  timeStampToken?: Buffer;
}): Buffer {
  const [signer] = input.chain;
  if (!signer) throw new Error('no certificate');
  const { serial, issuer } = issuerAndSerial(signer);
  // Signed attributes are stored as [0] IMPLICIT: the same bytes with the context tag.
  const storedAttrs = Buffer.from(input.signedAttrs);
  storedAttrs[0] = 0xa0;
  const signerInfoParts: asn1js.BaseBlock[] = [
    new asn1js.Integer({ value: 1 }),
    new asn1js.Sequence({ value: [issuer, serial] }),
    algorithm(OID.sha256),
    parse(storedAttrs) as asn1js.BaseBlock,
    algorithm(OID.sha256WithRsa),
    octets(input.signature),
  ];
  if (input.timeStampToken) {
    signerInfoParts.push(
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 1 },
        value: [
          new asn1js.Sequence({
            value: [
              oid(OID.timeStampToken),
              new asn1js.Set({ value: [parse(input.timeStampToken) as asn1js.BaseBlock] }),
            ],
          }),
        ],
      }),
    );
  }
  const signedData = new asn1js.Sequence({
    value: [
      new asn1js.Integer({ value: 1 }),
      new asn1js.Set({ value: [algorithm(OID.sha256)] }),
      new asn1js.Sequence({ value: [oid(OID.data)] }),
      new asn1js.Constructed({
        idBlock: { tagClass: 3, tagNumber: 0 },
        value: input.chain.map((cert) => parse(cert) as asn1js.BaseBlock),
      }),
      new asn1js.Set({ value: [new asn1js.Sequence({ value: signerInfoParts })] }),
    ],
  });
  return der(
    new asn1js.Sequence({
      value: [
        oid(OID.signedData),
        new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 0 }, value: [signedData] }),
      ],
    }),
  );
}

/** What a CMS says, read back: its certificates, the signer's, the signed attributes and signature. */
export interface CmsContents {
  certificates: Buffer[];
  signerCertificate: Buffer | undefined;
  /** The signed attributes as a SET (what the signature covers). */
  signedAttrs: Buffer;
  attributes: Map<string, Buffer[]>;
  signature: Buffer;
  hasTimeStamp: boolean;
  /** The RFC 3161 token (a ContentInfo, DER) of the unsigned attribute id-aa-timeStampToken, if any. */
  timeStampToken: Buffer | undefined;
}

/** Parses a detached CMS (trailing zeros of a PDF placeholder allowed). Throws when malformed. */
export function readCms(bytes: Buffer): CmsContents {
  const { result, offset } = asn1js.fromBER(new Uint8Array(bytes));
  if (offset === -1) throw new Error('malformed CMS');
  const contentInfo = result as asn1js.Sequence;
  if ((contentInfo.valueBlock.value[0] as asn1js.ObjectIdentifier)?.valueBlock.toString() !== OID.signedData)
    throw new Error('not SignedData');
  const signedData = (contentInfo.valueBlock.value[1] as asn1js.Constructed).valueBlock
    .value[0] as asn1js.Sequence;
  const parts = signedData.valueBlock.value;
  const certsNode = parts.find((p) => p.idBlock.tagClass === 3 && p.idBlock.tagNumber === 0) as
    | asn1js.Constructed
    | undefined;
  const certificates = (certsNode?.valueBlock.value ?? []).map((c) => Buffer.from(c.toBER(false)));
  const signerInfos = parts.at(-1) as asn1js.Set;
  const signerInfo = (signerInfos.valueBlock.value[0] as asn1js.Sequence).valueBlock.value;
  const sid = signerInfo[1] as asn1js.Sequence;
  const sidSerial = Buffer.from((sid.valueBlock.value[1] as asn1js.Integer).valueBlock.valueHexView);
  const attrsNode = signerInfo.find(
    (p) => p.idBlock.tagClass === 3 && p.idBlock.tagNumber === 0,
  ) as asn1js.Constructed;
  if (!attrsNode) throw new Error('no signed attributes');
  const signedAttrs = Buffer.from(attrsNode.toBER(false));
  signedAttrs[0] = 0x31;
  const attributes = new Map<string, Buffer[]>();
  for (const attr of attrsNode.valueBlock.value as asn1js.Sequence[]) {
    const [type, values] = attr.valueBlock.value as [asn1js.ObjectIdentifier, asn1js.Set];
    attributes.set(
      type.valueBlock.toString(),
      values.valueBlock.value.map((v) => Buffer.from(v.toBER(false))),
    );
  }
  const signatureIndex = signerInfo.findIndex((p) => p instanceof asn1js.OctetString);
  const signature = Buffer.from((signerInfo[signatureIndex] as asn1js.OctetString).valueBlock.valueHexView);
  const unsigned = signerInfo.find((p) => p.idBlock.tagClass === 3 && p.idBlock.tagNumber === 1);
  const signerCertificate = certificates.find((cert) => {
    const { serial } = issuerAndSerial(cert);
    return Buffer.from(serial.valueBlock.valueHexView).equals(sidSerial);
  });
  const timeStampToken = unsigned ? timeStampTokenIn(unsigned) : undefined;
  return {
    certificates,
    signerCertificate,
    signedAttrs,
    attributes,
    signature,
    hasTimeStamp: !!timeStampToken,
    timeStampToken,
  };
}

/** The value of the id-aa-timeStampToken attribute among a SignerInfo's unsigned attributes. */
function timeStampTokenIn(node: asn1js.BaseBlock): Buffer | undefined {
  const attrs = (node as asn1js.Constructed).valueBlock.value as asn1js.Sequence[];
  const attr = attrs.find(
    (a) => (a.valueBlock.value[0] as asn1js.ObjectIdentifier).valueBlock.toString() === OID.timeStampToken,
  );
  const token = (attr?.valueBlock.value[1] as asn1js.Set | undefined)?.valueBlock.value[0];
  return token ? Buffer.from(token.toBER(false)) : undefined;
}

/** The message digest a CMS's signed attributes carry. */
export function messageDigestOf(cms: CmsContents): Buffer | undefined {
  const value = cms.attributes.get(OID.messageDigest)?.[0];
  return value ? Buffer.from((parse(value) as asn1js.OctetString).valueBlock.valueHexView) : undefined;
}

/** The policy OID and hash (hex) a CMS names, if any. */
export function policyOf(cms: CmsContents): { oid: string; sha256: string } | undefined {
  const value = cms.attributes.get(OID.signaturePolicyId)?.[0];
  if (!value) return undefined;
  const [policyOid, hash] = (parse(value) as asn1js.Sequence).valueBlock.value as [
    asn1js.ObjectIdentifier,
    asn1js.Sequence,
  ];
  const hashValue = hash.valueBlock.value[1] as asn1js.OctetString;
  return {
    oid: policyOid.valueBlock.toString(),
    sha256: Buffer.from(hashValue.valueBlock.valueHexView).toString('hex'),
  };
}

/** The certificate hash signing-certificate-v2 names (hex), if present. */
export function signingCertificateHashOf(cms: CmsContents): string | undefined {
  const value = cms.attributes.get(OID.signingCertificateV2)?.[0];
  if (!value) return undefined;
  const certs = (parse(value) as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
  const first = certs.valueBlock.value[0] as asn1js.Sequence;
  const hash = first.valueBlock.value.find((p) => p instanceof asn1js.OctetString) as asn1js.OctetString;
  return Buffer.from(hash.valueBlock.valueHexView).toString('hex');
}
