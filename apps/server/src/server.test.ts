import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` with an OTLP endpoint (decision 135): the real entry starts tracing before it imports
 * the app, so a request's spans — its queries too on PostgreSQL — reach an OTLP/HTTP receiver, and
 * its log lines name the same trace. The span tree itself is checked in plugins/tracing.test.ts.
 */

const serverEntry = path.resolve(import.meta.dirname, 'server.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-entry-tracing-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** A database of this file's own on PostgreSQL (TEST_DATABASE_URL); else the embedded one. */
async function databaseUrl(): Promise<string | undefined> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) return undefined;
  const name = `${process.env.TEST_DATABASE_PREFIX ?? 'pulsa_test'}_entry_tracing`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** What an OTLP/HTTP collector would receive on /v1/traces. */
function otlpReceiver() {
  const exports: { contentType: string | undefined; body: Buffer }[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
      if (request.method === 'POST' && request.url === '/v1/traces')
        exports.push({ contentType: request.headers['content-type'], body });
      // An empty ExportTraceServiceResponse: everything accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  return { server, exports };
}

describe('the server entry with an OTLP endpoint', () => {
  it('exports the spans of a request, its queries among them on PostgreSQL, under the trace its log lines name', {
    timeout: 120_000,
  }, async () => {
    const receiver = otlpReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const url = await databaseUrl();
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const child = spawn(process.execPath, [serverEntry], {
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        ...(url ? { DATABASE_URL: url } : {}),
        LOG_LEVEL: 'info',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`,
        OTEL_SERVICE_NAME: 'pulsa-entry-test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      await expect
        .poll(() => output.includes('Pulsa is running') || output.includes('"level":50'), {
          timeout: 90_000,
          interval: 250,
        })
        .toBe(true);
      expect(output).toContain('tracing: spans go out over OTLP');
      const response = await fetch(`http://127.0.0.1:${port}/api/specialties?q=cardio`);
      expect(response.status).toBe(200);
    } finally {
      // The shutdown sends the spans still buffered before the process ends.
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    receiver.server.close();

    const lines = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const incoming = lines.find(
      (l) =>
        l.msg === 'incoming request' &&
        (l.req as { url?: string } | undefined)?.url?.startsWith('/api/specialties'),
    );
    const traceId = incoming?.trace_id;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    const completed = lines.find((l) => l.msg === 'request completed' && l.reqId === incoming?.reqId);
    expect(completed?.trace_id).toBe(traceId);

    expect(receiver.exports.length).toBeGreaterThan(0);
    for (const sent of receiver.exports) expect(sent.contentType).toBe('application/x-protobuf');
    const body = Buffer.concat(receiver.exports.map((e) => e.body));
    // Protobuf carries the trace id as its 16 raw bytes, and names as plain UTF-8.
    expect(body.includes(Buffer.from(String(traceId), 'hex'))).toBe(true);
    expect(body.includes('pulsa-entry-test')).toBe(true);
    expect(body.includes('GET /api/specialties')).toBe(true);
    expect(body.includes('cardio')).toBe(false);
    // pg is instrumented only because the entry started tracing before importing it.
    expect(body.includes('pg.query:SELECT')).toBe(Boolean(url));
  });
});
