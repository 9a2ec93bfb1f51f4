import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. Keys are opaque paths chosen by the server ("documents/<id>"),
 * never a name the user typed. Nothing here is reachable without an authorised route.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when it does not exist. */
  get(key: string): Promise<Readable | null>;
  /** Whether the file is there, without reading it (the integrity check asks it of every key). */
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** Keys are built by the server; anything else is a programming error. */
export function assertSafeKey(key: string): void {
  if (!/^[a-z]+\/[A-Za-z0-9._-]+$/.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
