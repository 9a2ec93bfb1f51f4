import webpush from 'web-push';
import type { PushSettings } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { decryptText, encryptText } from '../../lib/encryption.ts';
import { insertVapidRow, readVapidRow } from './push.repository.ts';

export interface VapidDetails {
  subject: string;
  publicKey: string;
  /** Signs the push services' tokens; never leaves this process (no answer, no log). */
  privateKey: string;
}

/**
 * The server's VAPID pair (decision 144): VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set; otherwise
 * one made by the first server that needs it and kept in system_settings, the private key
 * encrypted with the data key, so every instance and every restart signs with the same pair (a
 * browser's subscription is bound to the public key it was made with).
 */
export class VapidKeys {
  private pair: Promise<VapidDetails> | undefined;
  private readonly db: Db;
  private readonly settings: PushSettings;
  private readonly dataKey: Buffer;

  constructor(db: Db, settings: PushSettings, dataKey: Buffer) {
    this.db = db;
    this.settings = settings;
    this.dataKey = dataKey;
  }

  current(): Promise<VapidDetails> {
    this.pair ??= this.load().catch((error: unknown) => {
      // A failed read is tried again by the next caller.
      this.pair = undefined;
      throw error;
    });
    return this.pair;
  }

  private async load(): Promise<VapidDetails> {
    const subject = this.settings.subject;
    if (this.settings.vapid) return { subject, ...this.settings.vapid };
    const kept = await this.read();
    if (kept) return { subject, ...kept };
    const made = webpush.generateVAPIDKeys();
    await insertVapidRow(
      this.db,
      made.publicKey,
      encryptText(this.dataKey, JSON.stringify({ privateKey: made.privateKey })),
    );
    // Whichever instance stored its pair first, every one reads that one.
    const stored = await this.read();
    if (!stored) throw new Error('the VAPID pair was not stored');
    return { subject, ...stored };
  }

  private async read(): Promise<{ publicKey: string; privateKey: string } | undefined> {
    const row = await readVapidRow(this.db);
    if (!row?.secrets) return undefined;
    const { publicKey } = row.value as { publicKey?: string };
    const { privateKey } = JSON.parse(decryptText(this.dataKey, row.secrets)) as { privateKey?: string };
    if (!publicKey || !privateKey) throw new Error('the kept VAPID pair is incomplete');
    return { publicKey, privateKey };
  }
}
