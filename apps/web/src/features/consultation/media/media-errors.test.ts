import { describe, expect, it } from 'vitest';
import { mediaFailureOf, mediaSupported } from './media-errors';

const named = (name: string) => Object.assign(new Error('x'), { name });

describe('mediaFailureOf', () => {
  it('tells a refused permission from a missing, a busy and an unsupported device', () => {
    expect(mediaFailureOf(named('NotAllowedError'))).toBe('permission-denied');
    expect(mediaFailureOf(named('PermissionDeniedError'))).toBe('permission-denied');
    expect(mediaFailureOf(named('NotFoundError'))).toBe('no-device');
    expect(mediaFailureOf(named('OverconstrainedError'))).toBe('no-device');
    expect(mediaFailureOf(named('NotReadableError'))).toBe('device-busy');
    expect(mediaFailureOf(named('TrackStartError'))).toBe('device-busy');
    expect(mediaFailureOf(named('NotSupportedError'))).toBe('unsupported');
  });

  it('reads DOMExceptions as browsers throw them', () => {
    expect(mediaFailureOf(new DOMException('denied', 'NotAllowedError'))).toBe('permission-denied');
  });

  it('keeps anything else apart instead of guessing', () => {
    expect(mediaFailureOf(named('WeirdError'))).toBe('unknown');
    expect(mediaFailureOf('boom')).toBe('unknown');
    expect(mediaFailureOf(null)).toBe('unknown');
  });
});

describe('mediaSupported', () => {
  const getUserMedia = () => Promise.resolve();
  it('needs both getUserMedia and RTCPeerConnection', () => {
    expect(
      mediaSupported({ navigator: { mediaDevices: { getUserMedia } }, RTCPeerConnection: class {} }),
    ).toBe(true);
    expect(mediaSupported({ navigator: { mediaDevices: { getUserMedia } } })).toBe(false);
    // An insecure page has no navigator.mediaDevices at all.
    expect(mediaSupported({ navigator: {}, RTCPeerConnection: class {} })).toBe(false);
  });
});
