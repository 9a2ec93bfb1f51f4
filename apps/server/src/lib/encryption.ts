import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';

/** AES-256-GCM; the stored text carries its IV and tag, and says it is encrypted. */
export function encryptText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return `${PREFIX}${iv.toString('base64url')}.${tag.toString('base64url')}.${body.toString('base64url')}`;
}

/** Plain text passes through unchanged, so rows written before encryption still read. */
export function decryptText(key: Buffer, stored: string): string {
  if (!isEncrypted(stored)) return stored;
  const [iv, tag, body] = stored.slice(PREFIX.length).split('.');
  if (!iv || !tag || body === undefined) throw new Error('malformed encrypted text');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const isEncrypted = (stored: string) => stored.startsWith(PREFIX);

/** The installation's data key (DATA_ENCRYPTION_KEY, or the local one start-up made); buildApp requires it. */
export function dataKeyOf(config: { dataEncryptionKey: Buffer | undefined }): Buffer {
  if (!config.dataEncryptionKey) throw new Error('dataEncryptionKey is required');
  return config.dataEncryptionKey;
}

/**
 * The key of an installation that set none (development on the embedded database): made once and
 * kept beside the data, so `npm start` needs no set-up and restarts can still read the outbox.
 * Production requires DATA_ENCRYPTION_KEY instead (config.ts).
 */
export function localEncryptionKey(dataDir: string): Buffer {
  const existing = keptEncryptionKey(dataDir);
  if (existing) return existing;
  const key = randomBytes(32);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, KEY_FILE), `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}

const KEY_FILE = 'data-encryption.key';

/** The key kept beside the data by localEncryptionKey, if there is one; never makes one. */
export function keptEncryptionKey(dataDir: string): Buffer | undefined {
  try {
    const existing = Buffer.from(fs.readFileSync(path.join(dataDir, KEY_FILE), 'utf8').trim(), 'base64');
    return existing.length === 32 ? existing : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}
