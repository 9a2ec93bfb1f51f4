/**
 * The call's signal: a short two-tone beep made with Web Audio (no sound file to download), played
 * once per ticket however many screens see the call (the page, the alert of the patient's area).
 */
const announced = new Set<string>();

/** Plays the beep for this ticket's call, unless it was played already; false when it was. */
export function announceCall(ticketId: string): boolean {
  if (announced.has(ticketId)) return false;
  announced.add(ticketId);
  beep();
  return true;
}

function beep(): void {
  const AudioContextClass =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ??
        (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!AudioContextClass) return;
  try {
    const context = new AudioContextClass();
    // A tab the person has used may play sound; one they have not may refuse it (the page still shows the call).
    void context.resume().catch(() => {});
    const start = context.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.3, 1175],
    ] as const) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.3, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.3);
    }
    window.setTimeout(() => void context.close().catch(() => {}), 1000);
  } catch {
    // No audio device, or the browser refused: the call is on screen and in the title anyway.
  }
}
