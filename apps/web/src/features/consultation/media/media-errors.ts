/** Why the camera or the microphone could not be opened; each reason has its own message. */
export type MediaFailure = 'permission-denied' | 'no-device' | 'device-busy' | 'unsupported' | 'unknown';

/**
 * Whether this browser can hold a call at all: getUserMedia exists only in a secure context
 * (HTTPS or localhost), and RTCPeerConnection only in browsers that speak WebRTC.
 */
export function mediaSupported(scope: {
  navigator?: { mediaDevices?: { getUserMedia?: unknown } };
  RTCPeerConnection?: unknown;
}): boolean {
  return typeof scope.navigator?.mediaDevices?.getUserMedia === 'function' && !!scope.RTCPeerConnection;
}

/**
 * Reads a getUserMedia rejection. Browsers name the same failures differently (the names in
 * brackets are older Chrome and Firefox spellings still met in the field).
 */
export function mediaFailureOf(error: unknown): MediaFailure {
  const name = error && typeof error === 'object' && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'permission-denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'no-device';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'device-busy';
    case 'TypeError':
    case 'NotSupportedError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}
