import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from './files.s3.ts';
import type { FileStorage } from './files.storage.ts';

// A local S3 server (s3rver) speaks the same protocol as AWS, MinIO or R2 for these calls.
const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-s3-'));
let server: S3rver;
let storage: FileStorage;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'pulsa-test', configs: [] }],
  });
  const address = (await server.run()) as AddressInfo;
  storage = s3Storage({
    endpoint: `http://127.0.0.1:${address.port}`,
    region: 'us-east-1',
    bucket: 'pulsa-test',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe('S3 storage adapter', () => {
  it('stores, reads back and deletes a file', async () => {
    await storage.put('documents/abc-123', Buffer.from('%PDF-1.7 conteúdo'), 'application/pdf');
    const stream = await storage.get('documents/abc-123');
    expect(stream).not.toBeNull();
    expect(await text(stream as NodeJS.ReadableStream)).toBe('%PDF-1.7 conteúdo');
    expect(await storage.exists('documents/abc-123')).toBe(true);
    await storage.delete('documents/abc-123');
    expect(await storage.get('documents/abc-123')).toBeNull();
    expect(await storage.exists('documents/abc-123')).toBe(false);
  });

  it('answers null for a key that was never stored', async () => {
    expect(await storage.get('documents/nunca-enviado')).toBeNull();
    expect(await storage.exists('documents/nunca-enviado')).toBe(false);
  });

  it('refuses keys the server did not build', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      'unsafe storage key',
    );
    await expect(storage.get('documents/../../x')).rejects.toThrow('unsafe storage key');
  });
});
