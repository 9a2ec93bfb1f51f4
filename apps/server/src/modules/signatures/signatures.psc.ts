import { createHash, randomBytes } from 'node:crypto';

/**
 * One adapter for the OAuth shape the Brazilian PSCs document (decision 121): authorize with PKCE
 * and login_hint = CPF, token, certificate retrieval, signature of hashes. What differs between
 * PSCs (hash encoding, hashes per call, scope, certificate path) is configuration, not code.
 */
export interface PscConfig {
  /** Short id used in links and settings, e.g. "vidaas". */
  id: string;
  /** Name shown to the doctor, e.g. "VIDaaS (Valid)". */
  name: string;
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** How the PSC takes hashes: BirdID hex, NeoID and VIDaaS base64. */
  hashEncoding: 'base64' | 'hex';
  /** How many hashes one signature call takes (NeoID: 5). */
  maxHashesPerCall: number;
  /** The scope of a signing session (several signatures while it lasts). */
  scope: string;
  /** How long a signing session lasts, in seconds (a working day by default). */
  lifetimeSeconds: number;
  /** Where the PSC gives the holder's certificate chain. */
  certificatePath: string;
  /** Marks the local PSC of tests and the demo, so no screen presents it as a real provider. */
  test?: boolean;
}

export const PSC_DEFAULTS = {
  hashEncoding: 'base64',
  maxHashesPerCall: 5,
  scope: 'signature_session',
  lifetimeSeconds: 12 * 3600,
  certificatePath: '/v0/oauth/certificate-discovery',
} as const;

export const SHA256_OID = '2.16.840.1.101.3.4.2.1';

export class PscError extends Error {
  readonly status: number | undefined;
  constructor(message: string, status?: number) {
    super(message);
    this.status = status;
  }
}

/** A PKCE pair (RFC 7636, S256) and an unguessable state. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const state = randomBytes(24).toString('base64url');
  return { verifier, challenge, state };
}

const url = (psc: PscConfig, path: string) => `${psc.baseUrl.replace(/\/+$/, '')}${path}`;

export function authorizeUrl(
  psc: PscConfig,
  input: { redirectUri: string; state: string; codeChallenge: string; cpf: string },
): string {
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: psc.clientId,
    redirect_uri: input.redirectUri,
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
    login_hint: input.cpf.padStart(11, '0'),
    scope: psc.scope,
    lifetime: String(psc.lifetimeSeconds),
  });
  return `${url(psc, '/v0/oauth/authorize')}?${params}`;
}

async function call<T>(request: Promise<Response>): Promise<T> {
  let response: Response;
  try {
    response = await request;
  } catch (error) {
    throw new PscError(`PSC unreachable: ${(error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok)
    throw new PscError(`PSC answered ${response.status}: ${text.slice(0, 200)}`, response.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new PscError('PSC answered something that is not JSON');
  }
}

export async function exchangeCode(
  psc: PscConfig,
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<{ accessToken: string; expiresIn: number }> {
  const body = new URLSearchParams({
    grant_type: 'authorization_code',
    client_id: psc.clientId,
    client_secret: psc.clientSecret,
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  });
  const answer = await call<{ access_token?: string; expires_in?: number }>(
    fetch(url(psc, '/v0/oauth/token'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
    }),
  );
  if (!answer.access_token) throw new PscError('PSC token answer without access_token');
  return { accessToken: answer.access_token, expiresIn: Number(answer.expires_in) || psc.lifetimeSeconds };
}

/** The holder's certificate chain (signer first), DER. */
export async function fetchCertificateChain(psc: PscConfig, accessToken: string): Promise<Buffer[]> {
  const answer = await call<{ certificates?: { alias?: string; certificate?: string; chain?: string[] }[] }>(
    fetch(url(psc, psc.certificatePath), { headers: { authorization: `Bearer ${accessToken}` } }),
  );
  const first = answer.certificates?.[0];
  if (!first?.certificate) throw new PscError('PSC gave no certificate');
  return [first.certificate, ...(first.chain ?? [])].map((b64) => Buffer.from(b64, 'base64'));
}

/**
 * PKCS#1 v1.5 signatures (RAW) of SHA-256 digests, up to the PSC's maxHashesPerCall in one call (so
 * ⌈n / max⌉ calls), in the digests' order; undefined where the PSC's answer left a hash unsigned.
 * A call the PSC refuses or never answers throws (PscError, with the status when there is one).
 */
export async function signHashes(
  psc: PscConfig,
  accessToken: string,
  digests: Buffer[],
): Promise<(Buffer | undefined)[]> {
  const out: (Buffer | undefined)[] = [];
  for (let start = 0; start < digests.length; start += psc.maxHashesPerCall) {
    const batch = digests.slice(start, start + psc.maxHashesPerCall);
    const hashes = batch.map((digest, i) => ({
      id: String(start + i),
      alias: `documento-${start + i + 1}`,
      hash: psc.hashEncoding === 'hex' ? digest.toString('hex') : digest.toString('base64'),
      hash_algorithm: SHA256_OID,
      signature_format: 'RAW',
    }));
    const answer = await call<{ signatures?: { id?: unknown; raw_signature?: unknown }[] }>(
      fetch(url(psc, '/v0/oauth/signature'), {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ hashes }),
      }),
    );
    const signatures = Array.isArray(answer.signatures) ? answer.signatures : [];
    for (const hash of hashes) {
      const signature = signatures.find((s) => s?.id === hash.id)?.raw_signature;
      out.push(typeof signature === 'string' && signature ? Buffer.from(signature, 'base64') : undefined);
    }
  }
  return out;
}
