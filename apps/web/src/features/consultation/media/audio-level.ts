/**
 * The loudness of one frame of an AnalyserNode's byte time-domain data (silence is 128), from 0 to
 * 1. The RMS is scaled ×3 so that normal speech (RMS around 0.1–0.3 of full scale) fills most of
 * the meter, which is what a user checking "can they hear me?" needs to see.
 */
export function audioLevel(samples: ArrayLike<number>): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const centred = ((samples[i] ?? 128) - 128) / 128;
    sum += centred * centred;
  }
  return Math.min(1, Math.sqrt(sum / samples.length) * 3);
}

/** Smooths the meter: rises at once, falls gently, so it neither lags speech nor flickers. */
export function smoothLevel(previous: number, next: number, fall = 0.15): number {
  return next >= previous ? next : Math.max(next, previous - fall);
}
