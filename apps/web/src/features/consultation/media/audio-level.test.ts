import { describe, expect, it } from 'vitest';
import { audioLevel, smoothLevel } from './audio-level';

describe('audioLevel', () => {
  it('is 0 for silence and for no data', () => {
    expect(audioLevel(new Uint8Array(256).fill(128))).toBe(0);
    expect(audioLevel(new Uint8Array(0))).toBe(0);
  });

  it('grows with loudness and stops at 1', () => {
    const wave = (amplitude: number) =>
      Uint8Array.from(
        { length: 256 },
        (_, i) => 128 + Math.round(amplitude * Math.sin((i / 256) * 8 * Math.PI)),
      );
    const quiet = audioLevel(wave(5));
    const speech = audioLevel(wave(40));
    expect(quiet).toBeGreaterThan(0);
    expect(speech).toBeGreaterThan(quiet);
    expect(audioLevel(Uint8Array.from({ length: 256 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(1);
  });
});

describe('smoothLevel', () => {
  it('rises at once and falls by at most one step', () => {
    expect(smoothLevel(0.2, 0.9)).toBe(0.9);
    expect(smoothLevel(0.9, 0)).toBeCloseTo(0.75);
    expect(smoothLevel(0.1, 0)).toBe(0);
  });
});
