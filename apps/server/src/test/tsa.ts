import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * A time-stamp authority for tests (decision 133): `openssl ts -reply` answers each RFC 3161 query
 * over HTTP, signing with a TSA certificate (extendedKeyUsage critical timeStamping) of a test root
 * made here with openssl. `mode` makes it misbehave: answer HTTP 500, or replay its previous reply
 * (another imprint and nonce).
 */

const run = promisify(execFile);

export const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

export interface TestTsa {
  url: string;
  dir: string;
  /** The test root (PEM file) the TSA's certificate chains to: `openssl ts -verify -CAfile`. */
  caFile: string;
  mode: 'granted' | 'error' | 'replay';
  /** Queries it answered. */
  requests: number;
  close(): Promise<void>;
}

function openssl(dir: string, args: string[]) {
  execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
}

export async function startTestTsa(): Promise<TestTsa> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-tsa-'));
  fs.writeFileSync(
    path.join(dir, 'ext.cnf'),
    [
      '[tsa]',
      'basicConstraints = critical, CA:false',
      'keyUsage = critical, digitalSignature, nonRepudiation',
      'extendedKeyUsage = critical, timeStamping',
      '',
    ].join('\n'),
  );
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Pulsa TSA raiz de TESTE',
    '-addext',
    'basicConstraints=critical,CA:true',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(dir, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'tsa.key',
    '-out',
    'tsa.csr',
    '-subj',
    '/CN=Pulsa TSA de TESTE',
  ]);
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'tsa.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    '2',
    '-out',
    'tsa.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
    '-extensions',
    'tsa',
  ]);
  fs.writeFileSync(path.join(dir, 'serial'), '01\n');
  fs.writeFileSync(
    path.join(dir, 'ts.cnf'),
    [
      '[tsa]',
      'default_tsa = tsa_config',
      '[tsa_config]',
      `dir = ${dir}`,
      'serial = $dir/serial',
      'signer_cert = $dir/tsa.pem',
      'certs = $dir/ca.pem',
      'signer_key = $dir/tsa.key',
      'signer_digest = sha256',
      'default_policy = 1.2.3.4.1',
      'digests = sha256',
      'accuracy = secs:1',
      'ordering = no',
      'tsa_name = no',
      'ess_cert_id_alg = sha256',
      'ess_cert_id_chain = no',
      '',
    ].join('\n'),
  );

  let previous: Buffer | undefined;
  let sequence = 0;
  const tsa: TestTsa = {
    url: '',
    dir,
    caFile: path.join(dir, 'ca.pem'),
    mode: 'granted',
    requests: 0,
    close: async () => undefined,
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    tsa.requests++;
    if (
      tsa.mode === 'error' ||
      req.method !== 'POST' ||
      req.headers['content-type'] !== 'application/timestamp-query'
    ) {
      res.writeHead(500).end();
      return;
    }
    let reply: Buffer;
    if (tsa.mode === 'replay' && previous) reply = previous;
    else {
      const n = ++sequence;
      const query = path.join(dir, `q${n}.tsq`);
      const answer = path.join(dir, `r${n}.tsr`);
      fs.writeFileSync(query, Buffer.concat(chunks));
      try {
        await run('openssl', ['ts', '-reply', '-config', 'ts.cnf', '-queryfile', query, '-out', answer], {
          cwd: dir,
        });
        reply = fs.readFileSync(answer);
      } catch {
        res.writeHead(500).end();
        return;
      }
    }
    previous = reply;
    res.writeHead(200, { 'content-type': 'application/timestamp-reply' }).end(reply);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  tsa.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  tsa.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => {
        fs.rmSync(dir, { recursive: true, force: true });
        resolve();
      });
    });
  return tsa;
}

/** `openssl ts -verify` of a token (DER ContentInfo) over a SHA-256 digest, against the TSA's root. */
export function opensslVerifiesToken(tsa: TestTsa, token: Buffer, digest: Buffer): boolean {
  const file = path.join(tsa.dir, `token-${process.hrtime.bigint()}.der`);
  fs.writeFileSync(file, token);
  try {
    const out = execFileSync(
      'openssl',
      ['ts', '-verify', '-digest', digest.toString('hex'), '-in', file, '-token_in', '-CAfile', tsa.caFile],
      { encoding: 'utf8', stdio: 'pipe' },
    );
    return out.includes('Verification: OK');
  } catch {
    return false;
  }
}
