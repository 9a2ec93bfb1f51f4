/**
 * WebRTC "perfect negotiation" (the W3C pattern): both sides may renegotiate at any time (a track
 * added, an ICE restart) and an offer collision is settled by role — the polite side rolls back its
 * own offer and accepts the other's, the impolite side ignores the colliding offer. The patient is
 * the polite side: the doctor is the host of the room, so the doctor's offer wins a collision.
 */

/** What travels over the signalling channel; the same two optional fields as the live message. */
export interface NegotiationSignal {
  description?: { type: RTCSdpType; sdp?: string };
  candidate?: RTCIceCandidateInit;
}

/** The part of RTCPeerConnection the pattern needs (a fake one stands in for it in tests). */
export interface NegotiatingPeer {
  readonly signalingState: RTCSignalingState;
  readonly localDescription: { type: RTCSdpType; sdp?: string } | null;
  setLocalDescription(): Promise<void>;
  setRemoteDescription(description: { type: RTCSdpType; sdp?: string }): Promise<void>;
  addIceCandidate(candidate: RTCIceCandidateInit): Promise<void>;
  onnegotiationneeded: ((this: never, ev: Event) => unknown) | null;
  onicecandidate:
    | ((this: never, ev: { candidate: { toJSON(): RTCIceCandidateInit } | null }) => unknown)
    | null;
}

/**
 * Whether an incoming offer collides with our own negotiation, and what to do about it: the
 * impolite side ignores it, the polite side accepts it (setRemoteDescription rolls back its offer).
 */
export function offerDecision(input: {
  polite: boolean;
  makingOffer: boolean;
  signalingState: RTCSignalingState;
  settingRemoteAnswer: boolean;
}): 'accept' | 'ignore' {
  const readyForOffer =
    !input.makingOffer && (input.signalingState === 'stable' || input.settingRemoteAnswer);
  return !readyForOffer && !input.polite ? 'ignore' : 'accept';
}

export interface Negotiation {
  /** Handles one signal from the other side; signals are applied one at a time, in order. */
  receive(signal: NegotiationSignal): Promise<void>;
  /** Detaches from the peer connection (no more signals sent). */
  close(): void;
}

export function perfectNegotiation(
  pc: NegotiatingPeer,
  options: {
    polite: boolean;
    send: (signal: NegotiationSignal) => void;
    /** A failure that the pattern cannot absorb (reported, the call carries on or restarts). */
    onError?: (error: unknown) => void;
  },
): Negotiation {
  const { polite, send, onError } = options;
  let makingOffer = false;
  let ignoreOffer = false;
  let settingRemoteAnswer = false;
  let closed = false;
  let queue: Promise<void> = Promise.resolve();

  const sendDescription = () => {
    const d = pc.localDescription;
    if (d && !closed) send({ description: { type: d.type, sdp: d.sdp } });
  };

  pc.onnegotiationneeded = async () => {
    try {
      makingOffer = true;
      await pc.setLocalDescription();
      sendDescription();
    } catch (error) {
      onError?.(error);
    } finally {
      makingOffer = false;
    }
  };
  pc.onicecandidate = ({ candidate }) => {
    // A null candidate only marks the end of gathering; the other side needs nothing for it.
    if (candidate && !closed) send({ candidate: candidate.toJSON() });
  };

  async function apply({ description, candidate }: NegotiationSignal) {
    if (description) {
      const decision =
        description.type === 'offer'
          ? offerDecision({ polite, makingOffer, signalingState: pc.signalingState, settingRemoteAnswer })
          : 'accept';
      ignoreOffer = decision === 'ignore';
      if (ignoreOffer) return;
      settingRemoteAnswer = description.type === 'answer';
      try {
        await pc.setRemoteDescription(description);
      } finally {
        settingRemoteAnswer = false;
      }
      if (description.type === 'offer') {
        await pc.setLocalDescription();
        sendDescription();
      }
    } else if (candidate) {
      try {
        await pc.addIceCandidate(candidate);
      } catch (error) {
        // Candidates of an offer we ignored are expected to fail.
        if (!ignoreOffer) throw error;
      }
    }
  }

  return {
    receive(signal) {
      const next = queue.then(() => (closed ? undefined : apply(signal)));
      queue = next.catch((error) => onError?.(error));
      return queue;
    },
    close() {
      closed = true;
      pc.onnegotiationneeded = null;
      pc.onicecandidate = null;
    },
  };
}
