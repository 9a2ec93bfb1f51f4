import { constants, createHash, type KeyObject, privateEncrypt, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type IssuedCertificate,
  issueTestCertificate,
  type TestAuthority,
  type TestHolder,
} from './signatures.test-chain.ts';

/**
 * A local PSC for tests and the demo (decision 121): it speaks the PSCs' OAuth shape (authorize
 * with PKCE and login_hint, token, certificate discovery, signature of hashes, RAW) and signs with
 * certificates of the local TEST chain. Its page says, in every word, that it is a test.
 */

const DIGEST_INFO_SHA256 = Buffer.from('3031300d060960864801650304020105000420', 'hex');

interface Account extends TestHolder {
  certificate: IssuedCertificate;
}

interface PendingCode {
  cpf: string;
  challenge: string;
  redirectUri: string;
  clientId: string;
  lifetime: number;
}

export interface LocalPsc {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  addAccount(holder: TestHolder): Promise<IssuedCertificate>;
  /** What a click on "Autorizar" does: the address the PSC sends the browser back to. */
  approve(authorizeUrl: string): Promise<string>;
  /** Forgets every token (the holder revoked them at the PSC). */
  revokeAllTokens(): void;
  /** The most hashes one signature call takes; more are refused (400 invalid_request). */
  maxHashesPerCall: number;
  /** How many signature calls and hashes it answered, and the size of each call. */
  stats: { signatureCalls: number; hashes: number; callSizes: number[] };
  /**
   * What a faulty PSC does, for tests of the caller: the next signature call answers without the
   * signatures of the hashes at these positions (0-based, in the call).
   */
  omitFromNextCall(positions: number[]): void;
  close(): Promise<void>;
}

const html = (body: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PSC local de TESTE</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;line-height:1.5}.tag{background:#fde68a;color:#78350f;padding:.25rem .5rem;border-radius:.25rem;font-weight:600}button{font-size:1rem;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#1d4ed8;color:#fff;cursor:pointer}</style></head><body><p class="tag">Ambiente de TESTE — não é um certificado ICP-Brasil</p>${body}</body></html>`;

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export async function startLocalPsc(options: {
  authority: TestAuthority;
  port?: number;
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** Added to every answer, to measure against a PSC over a real network. */
  delayMs?: number;
  /** Who holds a certificate here when not added beforehand (the demo: its doctors, by CPF). */
  resolveAccount?: (cpf: string) => Promise<TestHolder | undefined>;
  /** The most hashes one signature call takes (5 by default, as NeoID documents). */
  maxHashesPerCall?: number;
}): Promise<LocalPsc> {
  const clientId = options.clientId ?? 'pulsa-local';
  const clientSecret = options.clientSecret ?? randomBytes(16).toString('hex');
  const accounts = new Map<string, Account>();
  const codes = new Map<string, PendingCode>();
  const tokens = new Map<string, { cpf: string; expiresAt: number }>();
  const stats = { signatureCalls: 0, hashes: 0, callSizes: [] as number[] };
  const maxHashesPerCall = options.maxHashesPerCall ?? 5;
  let omitNext: number[] = [];

  async function addAccount(holder: TestHolder) {
    const certificate = await issueTestCertificate(options.authority, holder);
    accounts.set(holder.cpf, { ...holder, certificate });
    return certificate;
  }

  async function accountOf(cpf: string): Promise<Account | undefined> {
    const known = accounts.get(cpf);
    if (known || !options.resolveAccount || !/^\d{11}$/.test(cpf)) return known;
    const holder = await options.resolveAccount(cpf);
    if (!holder) return undefined;
    await addAccount(holder);
    return accounts.get(cpf);
  }

  async function approve(authorize: URL): Promise<string> {
    const q = authorize.searchParams;
    const cpf = q.get('login_hint') ?? '';
    const redirectUri = q.get('redirect_uri') ?? '';
    if (q.get('client_id') !== clientId || !redirectUri || q.get('code_challenge_method') !== 'S256')
      throw new Error('invalid_request');
    if (!(await accountOf(cpf))) throw new Error('unknown_account');
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      cpf,
      challenge: q.get('code_challenge') ?? '',
      redirectUri,
      clientId,
      lifetime: Math.min(Number(q.get('lifetime')) || 3600, 24 * 3600),
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state') ?? '');
    return back.toString();
  }

  const bearer = (req: http.IncomingMessage) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const entry = token ? tokens.get(token) : undefined;
    return entry && entry.expiresAt > Date.now() ? accounts.get(entry.cpf) : undefined;
  };

  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = http.createServer(async (req, res) => {
    try {
      if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
      const here = new URL(req.url ?? '/', 'http://local');
      if (req.method === 'GET' && here.pathname === '/v0/oauth/authorize') {
        const account = await accountOf(here.searchParams.get('login_hint') ?? '');
        res.writeHead(account ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          html(
            account
              ? `<h1>PSC local de TESTE</h1><p>O Pulsa pede uma <strong>sessão de assinatura</strong> de ${Math.round(Number(here.searchParams.get('lifetime') || 3600) / 3600)} h com o certificado de TESTE de <strong>${escapeHtml(account.name)}</strong>.</p><form method="post" action="/v0/oauth/authorize/approve"><input type="hidden" name="authorize" value="${escapeHtml(here.toString().replace('http://local', ''))}"><button type="submit">Autorizar</button></form>`
              : '<h1>PSC local de TESTE</h1><p>Este CPF não tem certificado de teste neste PSC.</p>',
          ),
        );
        return;
      }
      if (req.method === 'POST' && here.pathname === '/v0/oauth/authorize/approve') {
        const form = new URLSearchParams(await readBody(req));
        const location = await approve(new URL(form.get('authorize') ?? '', 'http://local'));
        res.writeHead(302, { location });
        res.end();
        return;
      }
      if (req.method === 'POST' && here.pathname === '/v0/oauth/token') {
        const form = new URLSearchParams(await readBody(req));
        const pending = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (
          !pending ||
          form.get('client_id') !== clientId ||
          form.get('client_secret') !== clientSecret ||
          form.get('redirect_uri') !== pending.redirectUri ||
          createHash('sha256').update(verifier).digest('base64url') !== pending.challenge
        )
          return send(res, 400, { error: 'invalid_grant' });
        const token = randomBytes(32).toString('base64url');
        tokens.set(token, { cpf: pending.cpf, expiresAt: Date.now() + pending.lifetime * 1000 });
        return send(res, 200, {
          access_token: token,
          token_type: 'Bearer',
          expires_in: pending.lifetime,
          scope: 'signature_session',
        });
      }
      if (req.method === 'GET' && here.pathname === '/v0/oauth/certificate-discovery') {
        const account = bearer(req);
        if (!account) return send(res, 401, { error: 'invalid_token' });
        const [own, ...chain] = account.certificate.chain;
        return send(res, 200, {
          certificates: [
            {
              alias: `TESTE ${account.name}`,
              certificate: own?.toString('base64'),
              chain: chain.map((c) => c.toString('base64')),
            },
          ],
        });
      }
      if (req.method === 'POST' && here.pathname === '/v0/oauth/signature') {
        const account = bearer(req);
        if (!account) return send(res, 401, { error: 'invalid_token' });
        const body = JSON.parse(await readBody(req)) as {
          hashes?: { id: string; hash: string; hash_algorithm: string; signature_format: string }[];
        };
        const hashes = Array.isArray(body.hashes) ? body.hashes : [];
        // OAuth 2.0's error answer (RFC 6749 §5.2), which the PSCs' APIs answer with.
        if (!hashes.length)
          return send(res, 400, { error: 'invalid_request', error_description: 'hashes is required' });
        if (hashes.length > maxHashesPerCall)
          return send(res, 400, {
            error: 'invalid_request',
            error_description: `at most ${maxHashesPerCall} hashes per request`,
          });
        stats.signatureCalls++;
        stats.hashes += hashes.length;
        stats.callSizes.push(hashes.length);
        const omit = omitNext;
        omitNext = [];
        const signatures = hashes.flatMap((h, position) => {
          const digest = Buffer.from(h.hash, 'base64');
          if (
            h.hash_algorithm !== '2.16.840.1.101.3.4.2.1' ||
            h.signature_format !== 'RAW' ||
            digest.length !== 32
          )
            throw new Error('unsupported hash');
          if (omit.includes(position)) return [];
          return [{ id: h.id, raw_signature: rawSign(account.certificate.key, digest).toString('base64') }];
        });
        return send(res, 200, { certificate_alias: `TESTE ${account.name}`, signatures });
      }
      send(res, 404, { error: 'not_found' });
    } catch (error) {
      send(res, 400, { error: 'invalid_request', error_description: (error as Error).message });
    }
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://${options.host ?? '127.0.0.1'}:${port}`,
    clientId,
    clientSecret,
    maxHashesPerCall,
    stats,
    omitFromNextCall: (positions) => {
      omitNext = positions;
    },
    addAccount,
    approve: (authorizeUrl) => approve(new URL(authorizeUrl)),
    revokeAllTokens: () => tokens.clear(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** PKCS#1 v1.5 over a precomputed SHA-256 digest: what a PSC's RAW signature is. */
export function rawSign(key: KeyObject, digest: Buffer): Buffer {
  return privateEncrypt(
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([DIGEST_INFO_SHA256, digest]),
  );
}
