import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptText, encryptText, localEncryptionKey } from './encryption.ts';

describe('encryption at rest', () => {
  const key = Buffer.alloc(32, 9);

  it('round-trips, never repeats a ciphertext and refuses a tampered one', () => {
    const a = encryptText(key, 'https://pulsa.test/confirm-email?token=abc');
    const b = encryptText(key, 'https://pulsa.test/confirm-email?token=abc');
    expect(a).not.toBe(b);
    expect(a).not.toContain('token=abc');
    expect(decryptText(key, a)).toBe('https://pulsa.test/confirm-email?token=abc');
    // Flip one bit of the ciphertext itself, so the change never falls on a character it already had.
    const [iv, tag, body = ''] = a.slice('enc:v1:'.length).split('.');
    const flipped = Buffer.from(body, 'base64url');
    flipped.writeUInt8(flipped.readUInt8(0) ^ 1, 0);
    const tampered = `enc:v1:${iv}.${tag}.${flipped.toString('base64url')}`;
    expect(() => decryptText(key, tampered)).toThrow();
    expect(() => decryptText(Buffer.alloc(32, 1), a)).toThrow();
    expect(decryptText(key, 'texto antigo em claro')).toBe('texto antigo em claro');
  });

  it('makes the local key once and keeps it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pulsa-key-'));
    try {
      const first = localEncryptionKey(dir);
      expect(first.length).toBe(32);
      expect(localEncryptionKey(dir).equals(first)).toBe(true);
      expect(fs.statSync(path.join(dir, 'data-encryption.key')).mode & 0o777).toBe(0o600);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
