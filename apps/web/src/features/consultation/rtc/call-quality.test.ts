import { describe, expect, it } from 'vitest';
import { qualityBetween, type StatsSample, sampleOf } from './call-quality';

const at = (timestamp: number, packetsReceived: number, packetsLost: number, roundTripTime?: number) =>
  ({ timestamp, packetsReceived, packetsLost, framesDecoded: 0, roundTripTime }) satisfies StatsSample;

describe('sampleOf', () => {
  it('adds the incoming audio and video and reads the RTT of the selected pair only', () => {
    const sample = sampleOf([
      {
        type: 'inbound-rtp',
        kind: 'video',
        timestamp: 10,
        packetsReceived: 900,
        packetsLost: 5,
        framesDecoded: 60,
      },
      { type: 'inbound-rtp', kind: 'audio', timestamp: 12, packetsReceived: 100, packetsLost: -1 },
      { type: 'outbound-rtp', kind: 'video', timestamp: 12, packetsReceived: 999 },
      { type: 'candidate-pair', state: 'failed', nominated: true, currentRoundTripTime: 9 },
      { type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: 0.03 },
    ]);
    expect(sample).toEqual({
      timestamp: 12,
      packetsReceived: 1000,
      packetsLost: 5,
      framesDecoded: 60,
      roundTripTime: 0.03,
    });
  });
});

describe('qualityBetween', () => {
  it('needs two readings', () => {
    expect(qualityBetween(null, at(1000, 100, 0))).toBe('unknown');
    expect(qualityBetween(at(1000, 100, 0), at(1000, 100, 0))).toBe('unknown');
  });

  it('is good with little loss and a short round trip', () => {
    expect(qualityBetween(at(0, 0, 0), at(2000, 1000, 5, 0.05))).toBe('good');
  });

  it('is fair from 2 % loss or a 250 ms round trip', () => {
    expect(qualityBetween(at(0, 0, 0), at(2000, 970, 30, 0.05))).toBe('fair');
    expect(qualityBetween(at(0, 0, 0), at(2000, 1000, 0, 0.3))).toBe('fair');
  });

  it('is poor from 8 % loss, a 500 ms round trip, or when nothing arrives', () => {
    expect(qualityBetween(at(0, 0, 0), at(2000, 900, 100, 0.05))).toBe('poor');
    expect(qualityBetween(at(0, 0, 0), at(2000, 1000, 0, 0.6))).toBe('poor');
    expect(qualityBetween(at(0, 500, 0), at(2000, 500, 0))).toBe('poor');
  });

  it('judges the interval, not the whole call', () => {
    // Heavy early loss, a clean last interval.
    expect(qualityBetween(at(0, 1000, 500), at(2000, 2000, 500))).toBe('good');
  });
});
