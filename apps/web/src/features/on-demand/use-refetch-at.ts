import { useEffect } from 'react';

/** Asked a second after the instant, so the server's clock has passed it too. */
const AFTER_MS = 1000;
/** An instant already past on this clock is asked again only after this, not in a loop. */
const MIN_MS = 2000;
/** The longest delay a browser timer holds. */
const MAX_MS = 2 ** 31 - 1;

/**
 * Reads the ticket again just after `instant` (the card's deadline, the guarantee's, the call's):
 * the server acts on its own timer and tells the page live, and this is the page's own check in
 * case that word is late.
 */
export function useRefetchAt(instant: string | null, refetch: () => unknown): void {
  useEffect(() => {
    if (!instant) return;
    const at = Date.parse(instant);
    if (Number.isNaN(at)) return;
    const delay = Math.min(Math.max(at - Date.now() + AFTER_MS, MIN_MS), MAX_MS);
    const timer = window.setTimeout(() => void refetch(), delay);
    return () => window.clearTimeout(timer);
  }, [instant, refetch]);
}
