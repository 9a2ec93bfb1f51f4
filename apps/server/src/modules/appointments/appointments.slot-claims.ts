/**
 * Slots this server is booking right now, or booked a moment ago. The booking route claims its
 * slot before anything else (the booking limit's counter included) and lets it go once answered: a
 * booking of a slot being booked, or just booked here, answers at once, as the database's try-lock
 * and overlap constraint answer it across servers. A crowd racing for one slot costs one booking
 * and one shared list of the nearest free slots. Any change of an appointment's life on this
 * server (a cancellation, an expired hold, a move) forgets what was just booked, so a slot freed
 * again is offered at once.
 */
const bookingNow = new Set<string>();
const bookedHere = new Map<string, number>();
const BOOKED_MEMORY_MS = 5_000;

export const slotClaims = {
  /** The claim's key, or undefined when this server is booking that slot or just booked it. */
  claim(doctorId: string, startsAt: string, now = Date.now()): string | undefined {
    const key = `${doctorId}|${new Date(startsAt).toISOString()}`;
    for (const [k, at] of bookedHere) if (now - at >= BOOKED_MEMORY_MS) bookedHere.delete(k);
    if (bookingNow.has(key) || bookedHere.has(key)) return undefined;
    bookingNow.add(key);
    return key;
  },
  /** The booking is over; `booked` when it took the slot. */
  release(key: string, booked = false): void {
    bookingNow.delete(key);
    if (booked) bookedHere.set(key, Date.now());
  },
  /** An appointment changed on this server: a slot may be free again. */
  forgetBooked(): void {
    bookedHere.clear();
  },
};
