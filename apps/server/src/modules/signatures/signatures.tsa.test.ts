import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasOpenssl, opensslVerifiesToken, startTestTsa, type TestTsa } from '../../test/tsa.ts';
import {
  requestTimeStamp,
  TsaError,
  timeStamperFor,
  timeStampQuery,
  tokenFromReply,
} from './signatures.tsa.ts';

/** The RFC 3161 client against `openssl ts` acting as the TSA (decision 133). */

describe.skipIf(!hasOpenssl)('time-stamps from a TSA', () => {
  let tsa: TestTsa;
  beforeAll(async () => {
    tsa = await startTestTsa();
  }, 60_000);
  afterAll(() => tsa?.close());

  const signatureValue = () => randomBytes(256);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

  it('asks for SHA-256 of the signature with a nonce and the TSA’s certificate', () => {
    const signature = signatureValue();
    const query = timeStampQuery(signature);
    const parsed = pkijs.TimeStampReq.fromBER(new Uint8Array(query.der));
    expect(parsed.messageImprint.hashAlgorithm.algorithmId).toBe('2.16.840.1.101.3.4.2.1');
    expect(Buffer.from(parsed.messageImprint.hashedMessage.valueBlock.valueHexView)).toEqual(
      sha256(signature),
    );
    expect(parsed.certReq).toBe(true);
    expect(parsed.nonce).toBeDefined();
    // Two queries never share a nonce.
    expect(timeStampQuery(signature).nonce).not.toBe(query.nonce);
  });

  it('gets a token openssl verifies over the signature’s digest, with the TSA’s certificate in it', async () => {
    tsa.mode = 'granted';
    const signature = signatureValue();
    const token = await requestTimeStamp(tsa.url, signature);
    expect(opensslVerifiesToken(tsa, token, sha256(signature))).toBe(true);
    // Over anything else it does not verify.
    expect(opensslVerifiesToken(tsa, token, sha256(signatureValue()))).toBe(false);
    const signed = new pkijs.SignedData({ schema: pkijs.ContentInfo.fromBER(new Uint8Array(token)).content });
    expect(signed.certificates?.length).toBeGreaterThan(0);
  });

  it('refuses a reply to another query, an HTTP error, a TSA that is down and bytes that are no reply', async () => {
    tsa.mode = 'granted';
    await requestTimeStamp(tsa.url, signatureValue());
    // The TSA answers with its previous reply: another imprint and nonce.
    tsa.mode = 'replay';
    await expect(requestTimeStamp(tsa.url, signatureValue())).rejects.toThrow(/another imprint/);
    tsa.mode = 'error';
    await expect(requestTimeStamp(tsa.url, signatureValue())).rejects.toThrow(/TSA answered 500/);
    await expect(requestTimeStamp('http://127.0.0.1:9/tsa', signatureValue())).rejects.toThrow(
      /TSA unreachable/,
    );
    await expect(tokenFromReply(Buffer.from('not der'), timeStampQuery(signatureValue()))).rejects.toThrow(
      TsaError,
    );
    tsa.mode = 'granted';
  });

  it('refuses a token for the same imprint with another nonce, or whose TSA signature was altered', async () => {
    tsa.mode = 'granted';
    const signature = signatureValue();
    const query = timeStampQuery(signature);
    const reply = await fetch(tsa.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: query.der,
    });
    const bytes = Buffer.from(await reply.arrayBuffer());
    expect(await tokenFromReply(bytes, query)).toBeInstanceOf(Buffer);
    await expect(tokenFromReply(bytes, { ...query, nonce: query.nonce + 1n })).rejects.toThrow(/nonce/);
    // The reply ends with the TSA's signature value (the last field of its SignerInfo).
    const altered = Buffer.from(bytes);
    altered[altered.length - 1] = (altered.at(-1) ?? 0) ^ 0xff;
    await expect(tokenFromReply(altered, query)).rejects.toThrow(/signature does not verify/);
  });

  it('a failing TSA gives no token, never an error, is logged and counted, and rests a while', async () => {
    const outcomes: string[] = [];
    const warnings: string[] = [];
    const stamp = timeStamperFor(
      tsa.url,
      {
        log: { warn: (details) => warnings.push(JSON.stringify(details)) },
        outcome: (outcome) => outcomes.push(outcome),
      },
      { pauseMs: 300 },
    );
    tsa.mode = 'error';
    expect(await stamp(signatureValue(), 16_000)).toBeUndefined();
    tsa.mode = 'granted';
    // Resting: not asked, no token.
    const asked = tsa.requests;
    expect(await stamp(signatureValue(), 16_000)).toBeUndefined();
    expect(tsa.requests).toBe(asked);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await stamp(signatureValue(), 16_000)).toBeInstanceOf(Buffer);
    expect(outcomes).toEqual(['failed', 'skipped', 'granted']);
    expect(warnings).toEqual([expect.stringContaining('TSA answered 500')]);
    // A token that would not fit the signature's placeholder is left out.
    const fitting = timeStamperFor(
      tsa.url,
      { log: { warn: () => undefined }, outcome: (outcome) => outcomes.push(outcome) },
      { pauseMs: 0 },
    );
    expect(await fitting(signatureValue(), 100)).toBeUndefined();
    expect(outcomes.at(-1)).toBe('failed');
  });

  it('a TSA slower than the time allowed gives no token', async () => {
    // It takes the query and never answers.
    const slow = http.createServer(() => undefined);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const port = (slow.address() as AddressInfo).port;
    const outcomes: string[] = [];
    const stamp = timeStamperFor(
      `http://127.0.0.1:${port}/tsa`,
      { log: { warn: () => undefined }, outcome: (outcome) => outcomes.push(outcome) },
      { timeoutMs: 200 },
    );
    expect(await stamp(signatureValue(), 16_000)).toBeUndefined();
    expect(outcomes).toEqual(['failed']);
    slow.closeAllConnections();
    slow.close();
  });
});
