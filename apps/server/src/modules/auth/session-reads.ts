import { LRUCache } from 'lru-cache';

/**
 * The sessions this server read in the last moment (decision 068). Every signed-in request starts
 * with the session behind its cookie; a page asks several at once and a person keeps asking, so each
 * server keeps what it read for `maxAgeMs` instead of asking the database each time. Whatever changes
 * a session's answer is announced by the database at commit (a session ended: live_sessions; its
 * sign-in clock, the user's role, email, name, photo or two-factor: session_reads) and every
 * server forgets all it kept; `maxAgeMs` bounds the wait should an announcement be lost. A read that
 * began before an announcement is used by whoever waited for it but never kept.
 */
export class SessionReads<T extends {}> {
  private readonly kept: LRUCache<string, { value: T; at: number }>;
  private readonly maxAgeMs: number;
  /** Raised by every announcement. */
  private epoch = 0;

  constructor(maxAgeMs: number, maxEntries = 20_000) {
    this.maxAgeMs = maxAgeMs;
    this.kept = new LRUCache({ max: maxEntries });
  }

  /** The kept answer for a session id, read again from `read` when missing or too old. */
  async get(id: string, read: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.maxAgeMs > 0) {
      const hit = this.kept.get(id);
      if (hit && Date.now() - hit.at < this.maxAgeMs) return hit.value;
    }
    const epoch = this.epoch;
    const at = Date.now();
    const value = await read();
    if (this.maxAgeMs > 0 && value !== undefined && this.epoch === epoch) this.kept.set(id, { value, at });
    return value;
  }

  /** Replaces what is kept of a session this server just changed (its last-seen time). */
  update(id: string, change: (value: T) => T): void {
    const hit = this.kept.get(id);
    if (hit) this.kept.set(id, { value: change(hit.value), at: hit.at });
  }

  forget(id: string): void {
    this.kept.delete(id);
  }

  /** The database announced a change: nothing kept holds any more. */
  changed(): void {
    this.epoch++;
    this.kept.clear();
  }
}
