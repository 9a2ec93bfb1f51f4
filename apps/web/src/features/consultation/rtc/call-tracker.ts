/**
 * Which call a signal belongs to. The doctor hosts the call: each peer connection the doctor makes
 * is a new call with a new id, and the patient joins the newest one. Every signal carries its call's
 * id, so a signal of a call that was already replaced (it was still on the wire when a side reloaded
 * or lost the network) is dropped instead of confusing the new connection.
 */
export type SignalFate = 'feed' | 'switch' | 'drop';

export interface CallTracker {
  /** The call this side is in (the host's own, or the one the guest joined); null between calls. */
  readonly current: string | null;
  /** Starts a call (the host's new connection, or the guest following the host's new call). */
  begin(id: string): void;
  /** Ends this call if it is still the current one; its signals are dropped from now on. */
  end(id: string | null): void;
  /**
   * What to do with a signal of call `id`: feed it to the current call; for the guest, switch to it
   * when it is a call not seen before; drop it otherwise (an ended call, or not the host's current).
   */
  classify(id: string): SignalFate;
}

export function callTracker(role: 'host' | 'guest'): CallTracker {
  let current: string | null = null;
  const ended = new Set<string>();
  return {
    get current() {
      return current;
    },
    begin(id) {
      if (current) ended.add(current);
      current = id;
    },
    end(id) {
      if (!id) return;
      ended.add(id);
      if (current === id) current = null;
    },
    classify(id) {
      if (id === current) return 'feed';
      if (role === 'host' || ended.has(id)) return 'drop';
      return 'switch';
    },
  };
}

/** A fresh call id (getRandomValues works on plain-HTTP pages too, unlike randomUUID). */
export function newCallId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
