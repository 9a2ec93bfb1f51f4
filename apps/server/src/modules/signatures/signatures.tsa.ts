import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * An RFC 3161 time-stamp from the configured TSA (decision 133), over the signature value of a
 * document's CMS: the token becomes the unsigned attribute id-aa-timeStampToken (signatures.cms.ts),
 * what CAdES/PAdES call a signature time-stamp. The ASN.1 is pkijs's (TimeStampReq, TimeStampResp,
 * TSTInfo, SignedData).
 */

const SHA256 = '2.16.840.1.101.3.4.2.1';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';
/** How long a document's signature waits for the TSA before it goes without a time-stamp. */
export const TSA_TIMEOUT_MS = 5_000;
/** After a failure the TSA rests this long: a day's documents signed at once never wait on it each. */
export const TSA_PAUSE_MS = 60_000;

export class TsaError extends Error {}

/** What asked for the token: the TSTInfo must echo both. */
export interface TimeStampQuery {
  der: Buffer;
  /** What is stamped (the signature value) and its SHA-256. */
  data: Buffer;
  digest: Buffer;
  nonce: bigint;
}

/** A TimeStampReq over SHA-256 of `signature`, with a random nonce, asking for the TSA's certificate. */
export function timeStampQuery(signature: Buffer): TimeStampQuery {
  const digest = createHash('sha256').update(signature).digest();
  const nonceBytes = randomBytes(16);
  // A positive INTEGER whose first byte is not zero: DER keeps all 16 bytes.
  nonceBytes[0] = ((nonceBytes[0] ?? 0) & 0x7f) | 0x01;
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: SHA256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: new Uint8Array(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonceBytes) }),
    certReq: true,
  });
  return {
    der: Buffer.from(request.toSchema().toBER(false)),
    data: signature,
    digest,
    nonce: BigInt(`0x${nonceBytes.toString('hex')}`),
  };
}

const bigintOf = (integer: asn1js.Integer) =>
  BigInt(`0x${Buffer.from(integer.valueBlock.valueHexView).toString('hex') || '0'}`);

/**
 * The token of a TimeStampResp, once it is granted, its TSTInfo names the query's SHA-256 imprint
 * and nonce, and its signature verifies with the time-stamping certificate it carries.
 */
export async function tokenFromReply(reply: Buffer, query: TimeStampQuery): Promise<Buffer> {
  let response: pkijs.TimeStampResp;
  try {
    response = pkijs.TimeStampResp.fromBER(new Uint8Array(reply));
  } catch {
    throw new TsaError('TSA answered something that is not a TimeStampResp');
  }
  const { status, statusStrings } = response.status;
  if (status !== pkijs.PKIStatus.granted && status !== pkijs.PKIStatus.grantedWithMods)
    throw new TsaError(
      `TSA refused the request: status ${status}${statusStrings?.length ? ` (${statusStrings.map((s) => s.valueBlock.value).join('; ')})` : ''}`,
    );
  const token = response.timeStampToken;
  if (!token || token.contentType !== pkijs.ContentInfo.SIGNED_DATA)
    throw new TsaError('TSA granted without a SignedData token');
  const signed = new pkijs.SignedData({ schema: token.content });
  const content = signed.encapContentInfo;
  if (content.eContentType !== pkijs.id_eContentType_TSTInfo || !content.eContent)
    throw new TsaError('TSA token does not hold a TSTInfo');
  let info: pkijs.TSTInfo;
  try {
    info = pkijs.TSTInfo.fromBER(content.eContent.getValue());
  } catch {
    throw new TsaError('TSA token holds a malformed TSTInfo');
  }
  const imprint = info.messageImprint;
  if (
    imprint.hashAlgorithm.algorithmId !== SHA256 ||
    !Buffer.from(imprint.hashedMessage.valueBlock.valueHexView).equals(query.digest)
  )
    throw new TsaError('TSA token stamps another imprint');
  if (!info.nonce || bigintOf(info.nonce) !== query.nonce)
    throw new TsaError('TSA token does not carry the nonce asked');
  let verified: pkijs.SignedDataVerifyResult;
  try {
    // pkijs checks the TSTInfo's imprint over `data` again, and the SignedData's signature.
    verified = await signed.verify({
      signer: 0,
      data: new Uint8Array(query.data).buffer,
      checkChain: false,
      extendedMode: true,
    });
  } catch (error) {
    throw new TsaError(`TSA token signature does not verify: ${(error as { message?: string }).message}`);
  }
  if (!verified.signatureVerified || !verified.signerCertificate)
    throw new TsaError('TSA token signature does not verify');
  const certificate = new X509Certificate(Buffer.from(verified.signerCertificate.toSchema().toBER(false)));
  if (!(certificate.keyUsage ?? []).includes(TIME_STAMPING))
    throw new TsaError('TSA token signed by a certificate not meant for time-stamping');
  return Buffer.from(token.toSchema().toBER(false));
}

/** Asks the TSA at `url` (RFC 3161 over HTTP) for a token over SHA-256 of `signature`. */
export async function requestTimeStamp(
  url: string,
  signature: Buffer,
  timeoutMs = TSA_TIMEOUT_MS,
): Promise<Buffer> {
  const query = timeStampQuery(signature);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(query.der),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new TsaError(`TSA unreachable: ${(error as Error).message}`);
  }
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new TsaError(`TSA answered ${response.status}`);
  if (!response.headers.get('content-type')?.startsWith('application/timestamp-reply'))
    throw new TsaError(`TSA answered ${response.headers.get('content-type') ?? 'no content type'}`);
  return tokenFromReply(body, query);
}

/**
 * Gives a signature its time-stamp token, or undefined: the document is signed either way. `room`
 * is how many bytes the signature's placeholder has left for the token.
 */
export type TimeStamper = (signature: Buffer, room: number) => Promise<Buffer | undefined>;

/**
 * The signing path's time-stamper when a TSA is configured: a TSA that fails, is slow or answers
 * wrongly never blocks a document (decision 133). The failure is logged and counted, and for
 * `pauseMs` the TSA is not asked again (those signatures are counted as skipped).
 */
export function timeStamperFor(
  url: string,
  report: {
    log: { warn(details: object, message: string): void };
    outcome(outcome: 'granted' | 'failed' | 'skipped'): void;
  },
  options: { timeoutMs?: number; pauseMs?: number } = {},
): TimeStamper {
  let pausedUntil = 0;
  return async (signature, room) => {
    if (Date.now() < pausedUntil) {
      report.outcome('skipped');
      return undefined;
    }
    try {
      const token = await requestTimeStamp(url, signature, options.timeoutMs ?? TSA_TIMEOUT_MS);
      if (token.length > room)
        throw new TsaError(`TSA token of ${token.length} bytes exceeds the ${room} left in the signature`);
      report.outcome('granted');
      return token;
    } catch (error) {
      pausedUntil = Date.now() + (options.pauseMs ?? TSA_PAUSE_MS);
      report.outcome('failed');
      report.log.warn(
        { reason: (error as Error).message },
        'the TSA gave no time-stamp: the document is signed without one',
      );
      return undefined;
    }
  };
}
