import { describe, expect, it } from 'vitest';
import {
  type NegotiatingPeer,
  type NegotiationSignal,
  offerDecision,
  perfectNegotiation,
} from './perfect-negotiation';

/**
 * A peer connection reduced to its signalling state machine (JSEP): enough to show that two sides
 * that offer at the same moment still agree, and that a wrong move throws as a browser would.
 */
class FakePeer implements NegotiatingPeer {
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: RTCSdpType; sdp?: string } | null = null;
  remoteDescription: { type: RTCSdpType; sdp?: string } | null = null;
  candidates: RTCIceCandidateInit[] = [];
  onnegotiationneeded: NegotiatingPeer['onnegotiationneeded'] = null;
  onicecandidate: NegotiatingPeer['onicecandidate'] = null;
  private version = 0;

  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }

  async setLocalDescription() {
    await Promise.resolve();
    if (this.signalingState === 'stable') {
      this.localDescription = { type: 'offer', sdp: `${this.name}-offer-${++this.version}` };
      this.signalingState = 'have-local-offer';
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: `${this.name}-answer-${++this.version}` };
      this.signalingState = 'stable';
    } else {
      throw new DOMException(`cannot set local description in ${this.signalingState}`, 'InvalidStateError');
    }
  }

  async setRemoteDescription(description: { type: RTCSdpType; sdp?: string }) {
    await Promise.resolve();
    if (description.type === 'offer') {
      // An offer in have-local-offer rolls ours back first (implicit rollback).
      if (this.signalingState !== 'stable' && this.signalingState !== 'have-local-offer') {
        throw new DOMException('offer in wrong state', 'InvalidStateError');
      }
      this.signalingState = 'have-remote-offer';
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer') {
        throw new DOMException('answer in wrong state', 'InvalidStateError');
      }
      this.signalingState = 'stable';
    }
    this.remoteDescription = description;
  }

  async addIceCandidate(candidate: RTCIceCandidateInit) {
    await Promise.resolve();
    if (!this.remoteDescription) throw new DOMException('no remote description', 'InvalidStateError');
    this.candidates.push(candidate);
  }

  negotiationNeeded() {
    return (this.onnegotiationneeded as unknown as () => Promise<void>)();
  }

  gather(candidate: string) {
    (this.onicecandidate as unknown as (ev: unknown) => void)({
      candidate: { toJSON: () => ({ candidate, sdpMid: '0' }) },
    });
  }
}

/** Two sides joined by a wire that holds messages until delivered, so offers can cross. */
function pair() {
  const doctor = new FakePeer('doctor');
  const patient = new FakePeer('patient');
  const toPatient: NegotiationSignal[] = [];
  const toDoctor: NegotiationSignal[] = [];
  const errors: unknown[] = [];
  const doctorSide = perfectNegotiation(doctor, {
    polite: false,
    send: (s) => toPatient.push(s),
    onError: (e) => errors.push(e),
  });
  const patientSide = perfectNegotiation(patient, {
    polite: true,
    send: (s) => toDoctor.push(s),
    onError: (e) => errors.push(e),
  });
  async function flush() {
    while (toPatient.length || toDoctor.length) {
      const forPatient = toPatient.splice(0);
      const forDoctor = toDoctor.splice(0);
      await Promise.all([
        ...forPatient.map((s) => patientSide.receive(s)),
        ...forDoctor.map((s) => doctorSide.receive(s)),
      ]);
    }
  }
  return { doctor, patient, toPatient, toDoctor, errors, doctorSide, patientSide, flush };
}

describe('offerDecision', () => {
  const base = {
    makingOffer: false,
    signalingState: 'stable' as RTCSignalingState,
    settingRemoteAnswer: false,
  };
  it('accepts an offer when idle, whatever the role', () => {
    expect(offerDecision({ ...base, polite: false })).toBe('accept');
    expect(offerDecision({ ...base, polite: true })).toBe('accept');
  });
  it('on a collision the impolite side ignores, the polite side accepts', () => {
    const collision = { ...base, signalingState: 'have-local-offer' as RTCSignalingState };
    expect(offerDecision({ ...collision, polite: false })).toBe('ignore');
    expect(offerDecision({ ...collision, polite: true })).toBe('accept');
    expect(offerDecision({ ...base, makingOffer: true, polite: false })).toBe('ignore');
  });
  it('an answer being applied does not count as a collision', () => {
    expect(
      offerDecision({
        polite: false,
        makingOffer: false,
        signalingState: 'have-local-offer',
        settingRemoteAnswer: true,
      }),
    ).toBe('accept');
  });
});

describe('perfectNegotiation', () => {
  it('one side offers, the other answers, candidates follow', async () => {
    const p = pair();
    await p.patient.negotiationNeeded();
    p.patient.gather('c1');
    await p.flush();
    expect(p.patient.signalingState).toBe('stable');
    expect(p.doctor.signalingState).toBe('stable');
    expect(p.doctor.remoteDescription?.sdp).toBe('patient-offer-1');
    expect(p.patient.remoteDescription?.sdp).toBe('doctor-answer-1');
    expect(p.doctor.candidates).toEqual([{ candidate: 'c1', sdpMid: '0' }]);
    expect(p.errors).toEqual([]);
  });

  it('crossing offers end with the doctor’s offer accepted and both sides stable', async () => {
    const p = pair();
    // Both sides offer before either hears from the other (glare).
    await Promise.all([p.doctor.negotiationNeeded(), p.patient.negotiationNeeded()]);
    p.patient.gather('patient-candidate');
    p.doctor.gather('doctor-candidate');
    expect(p.toPatient[0]?.description?.type).toBe('offer');
    expect(p.toDoctor[0]?.description?.type).toBe('offer');
    await p.flush();
    expect(p.doctor.signalingState).toBe('stable');
    expect(p.patient.signalingState).toBe('stable');
    // The polite patient rolled back and answered the doctor's offer; the doctor ignored the patient's.
    expect(p.patient.remoteDescription?.sdp).toBe('doctor-offer-1');
    expect(p.doctor.remoteDescription?.type).toBe('answer');
    // The candidate of the ignored offer fails quietly on the doctor's side.
    expect(p.errors).toEqual([]);
    expect(p.patient.candidates).toEqual([{ candidate: 'doctor-candidate', sdpMid: '0' }]);
  });

  it('renegotiates later (an ICE restart) without a collision', async () => {
    const p = pair();
    await p.doctor.negotiationNeeded();
    await p.flush();
    await p.patient.negotiationNeeded();
    await p.flush();
    expect(p.doctor.remoteDescription?.sdp).toBe('patient-offer-2');
    expect(p.doctor.signalingState).toBe('stable');
    expect(p.patient.signalingState).toBe('stable');
  });

  it('reports a failure it cannot absorb and keeps handling later signals', async () => {
    const p = pair();
    // An answer with no offer pending is a protocol error.
    await p.doctorSide.receive({ description: { type: 'answer', sdp: 'stray' } });
    expect(p.errors).toHaveLength(1);
    await p.patient.negotiationNeeded();
    await p.flush();
    expect(p.doctor.signalingState).toBe('stable');
  });

  it('sends nothing once closed', async () => {
    const p = pair();
    p.patientSide.close();
    p.doctorSide.close();
    expect(p.patient.onnegotiationneeded).toBeNull();
    await p.doctorSide.receive({ description: { type: 'offer', sdp: 'x' } });
    expect(p.toPatient).toEqual([]);
  });
});
