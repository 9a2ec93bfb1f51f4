/** The figures of one getStats() reading that say how the call is doing. */
export interface StatsSample {
  /** ms, from the report (performance clock). */
  timestamp: number;
  packetsReceived: number;
  packetsLost: number;
  framesDecoded: number;
  /** Seconds, of the selected candidate pair; undefined until measured. */
  roundTripTime?: number;
}

export type CallQuality = 'good' | 'fair' | 'poor' | 'unknown';

interface StatLike {
  type: string;
  timestamp?: number;
  kind?: string;
  packetsReceived?: number;
  packetsLost?: number;
  framesDecoded?: number;
  state?: string;
  nominated?: boolean;
  currentRoundTripTime?: number;
}

/** Sums what was received over every incoming stream and takes the RTT of the pair in use. */
export function sampleOf(stats: Iterable<StatLike>): StatsSample {
  const sample: StatsSample = { timestamp: 0, packetsReceived: 0, packetsLost: 0, framesDecoded: 0 };
  for (const s of stats) {
    sample.timestamp = Math.max(sample.timestamp, s.timestamp ?? 0);
    if (s.type === 'inbound-rtp') {
      sample.packetsReceived += s.packetsReceived ?? 0;
      // packetsLost can go negative with duplicates; it never improves the verdict.
      sample.packetsLost += Math.max(0, s.packetsLost ?? 0);
      sample.framesDecoded += s.framesDecoded ?? 0;
    } else if (
      s.type === 'candidate-pair' &&
      s.state === 'succeeded' &&
      s.nominated &&
      s.currentRoundTripTime !== undefined
    ) {
      sample.roundTripTime = s.currentRoundTripTime;
    }
  }
  return sample;
}

/** Loss ratio and round trip above which the call degrades (what a video call tolerates). */
const FAIR = { loss: 0.02, rtt: 0.25 };
const POOR = { loss: 0.08, rtt: 0.5 };

/**
 * The quality over the interval between two readings: nothing received at all is poor (the other
 * side froze or the path died); otherwise by the share of packets lost and the round trip.
 */
export function qualityBetween(previous: StatsSample | null, next: StatsSample): CallQuality {
  if (!previous || next.timestamp <= previous.timestamp) return 'unknown';
  const received = next.packetsReceived - previous.packetsReceived;
  const lost = Math.max(0, next.packetsLost - previous.packetsLost);
  if (received <= 0) return 'poor';
  const loss = lost / (lost + received);
  const rtt = next.roundTripTime ?? 0;
  if (loss >= POOR.loss || rtt >= POOR.rtt) return 'poor';
  if (loss >= FAIR.loss || rtt >= FAIR.rtt) return 'fair';
  return 'good';
}
