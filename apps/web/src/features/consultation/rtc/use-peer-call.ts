import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { type CallQuality, qualityBetween, type StatsSample, sampleOf } from './call-quality';
import { callTracker, newCallId } from './call-tracker';
import { type CallMode, fallbackReducer, initialFallback } from './fallback';
import { type Negotiation, type NegotiationSignal, perfectNegotiation } from './perfect-negotiation';

export type CallConnection = 'idle' | 'connecting' | 'connected' | 'reconnecting' | 'failed';

const STATS_MS = 2000;
const MAX_PENDING = 200;
/** After an ICE restart, how long the room waits before saying the call failed (and going to chat). */
const RESTART_GRACE_MS = 12_000;
/** A "disconnected" ICE state often heals by itself; restart only when it lasts. */
const DISCONNECTED_GRACE_MS = 3000;

/** A negotiation signal with the id of the call it belongs to. */
export type CallSignal = NegotiationSignal & { call: string };

export interface PeerCallOptions {
  /** Create the connection: we are in the call and the other party is in the room. */
  enabled: boolean;
  /**
   * The doctor hosts: the host's every connection is a new call, and the guest (the patient, the
   * polite side of the negotiation) joins the host's newest call.
   */
  host: boolean;
  iceServers: RTCIceServer[];
  localStream: MediaStream | null;
  send: (signal: CallSignal) => void;
}

export interface PeerCall {
  remoteStream: MediaStream | null;
  connection: CallConnection;
  quality: CallQuality;
  mode: CallMode;
  /** True when the room chose the mode because of the connection. */
  automaticMode: boolean;
  chooseMode: (mode: CallMode) => void;
  /**
   * Feeds a signal from the other party. Signals of the current call that arrive while there is no
   * connection (we are still in the waiting room) wait for it, so none is lost; signals of a call
   * already replaced are dropped.
   */
  receive: (signal: CallSignal) => void;
  /**
   * Our live link came back (signals may have been lost meanwhile): the host makes a new call, the
   * guest leaves the current one and joins the host's next.
   */
  restart: () => void;
  /** The other party (re)entered the room: the host makes a new call for them to join. */
  peerJoined: () => void;
  /** The connection's stats, for tests and diagnostics. */
  stats: () => Promise<StatsSample | null>;
}

/**
 * One peer-to-peer call: the RTCPeerConnection with perfect negotiation, the local tracks (swapped
 * with replaceTrack when the user changes device or the call steps down), ICE restarts on failure
 * and on network change, a quality reading every 2 s, and the step-down to audio then chat.
 */
export function usePeerCall(options: PeerCallOptions): PeerCall {
  const { enabled, host, iceServers, localStream, send } = options;
  const polite = !host;
  // The host's new connections, and the host call the guest follows: either re-runs the connection.
  const [generation, setGeneration] = useState(0);
  const [guestCall, setGuestCall] = useState<string | null>(null);
  const trackerRef = useRef(callTracker(host ? 'host' : 'guest'));
  const pendingRef = useRef<NegotiationSignal[]>([]);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [connection, setConnection] = useState<CallConnection>('idle');
  const [quality, setQuality] = useState<CallQuality>('unknown');
  const [fallback, dispatch] = useReducer(fallbackReducer, initialFallback);
  const pcRef = useRef<RTCPeerConnection | null>(null);
  const negotiationRef = useRef<Negotiation | null>(null);
  const sendersRef = useRef<Partial<Record<'audio' | 'video', RTCRtpSender>>>({});
  const sendRef = useRef(send);
  sendRef.current = send;
  const streamRef = useRef(localStream);
  streamRef.current = localStream;
  const modeRef = useRef(fallback.mode);
  modeRef.current = fallback.mode;
  const iceKey = JSON.stringify(iceServers);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection per call and ICE set
  useEffect(() => {
    if (!enabled) return;
    const tracker = trackerRef.current;
    if (host) tracker.begin(newCallId());
    // The guest makes its connection only for a call the host has started.
    const call = tracker.current;
    if (!call) return;
    const pc = new RTCPeerConnection({ iceServers: JSON.parse(iceKey) as RTCIceServer[] });
    pcRef.current = pc;
    sendersRef.current = {};
    setConnection('connecting');
    setQuality('unknown');
    const negotiation = perfectNegotiation(pc as never, {
      polite,
      send: (signal) => sendRef.current({ ...signal, call }),
    });
    negotiationRef.current = negotiation;

    const stream = streamRef.current;
    for (const track of stream?.getTracks() ?? []) {
      const kind = track.kind as 'audio' | 'video';
      sendersRef.current[kind] = pc.addTrack(
        wanted(kind, track, modeRef.current) ?? track,
        stream as MediaStream,
      );
    }
    // Without a camera or microphone of our own we still receive the other party's.
    if (!stream?.getAudioTracks().length) pc.addTransceiver('audio', { direction: 'recvonly' });
    if (!stream?.getVideoTracks().length) pc.addTransceiver('video', { direction: 'recvonly' });

    // Signals that came before this connection existed (the other side offered first).
    for (const signal of pendingRef.current.splice(0)) void negotiation.receive(signal);

    const remote = new MediaStream();
    const showRemote = () => setRemoteStream(new MediaStream(remote.getTracks()));
    pc.ontrack = ({ track }) => {
      remote.addTrack(track);
      showRemote();
      // A muted track carries nothing (the other side stepped down or has not sent yet): the stage
      // shows their initials instead of a frozen picture.
      track.onmute = showRemote;
      track.onunmute = showRemote;
      track.onended = () => {
        remote.removeTrack(track);
        showRemote();
      };
    };

    let disconnectedTimer: ReturnType<typeof setTimeout> | undefined;
    let failTimer: ReturnType<typeof setTimeout> | undefined;
    let everConnected = false;
    const restart = () => {
      if (pc.connectionState === 'closed') return;
      setConnection('reconnecting');
      pc.restartIce();
      clearTimeout(failTimer);
      failTimer = setTimeout(() => {
        if (pc.iceConnectionState !== 'connected' && pc.iceConnectionState !== 'completed') {
          setConnection('failed');
          dispatch({ type: 'failed' });
        }
      }, RESTART_GRACE_MS);
    };
    pc.oniceconnectionstatechange = () => {
      const state = pc.iceConnectionState;
      clearTimeout(disconnectedTimer);
      if (state === 'connected' || state === 'completed') {
        clearTimeout(failTimer);
        if (everConnected) dispatch({ type: 'recovered' });
        everConnected = true;
        setConnection('connected');
      } else if (state === 'failed') {
        restart();
      } else if (state === 'disconnected') {
        setConnection('reconnecting');
        disconnectedTimer = setTimeout(restart, DISCONNECTED_GRACE_MS);
      }
    };
    // A new network (Wi-Fi to mobile data, back online) means new addresses: restart ICE at once.
    const onNetworkChange = () => {
      if (everConnected) restart();
    };
    window.addEventListener('online', onNetworkChange);
    const netInfo = (navigator as { connection?: EventTarget }).connection;
    netInfo?.addEventListener?.('change', onNetworkChange);

    let previous: StatsSample | null = null;
    const statsTimer = setInterval(() => {
      if (pc.iceConnectionState !== 'connected' && pc.iceConnectionState !== 'completed') return;
      pc.getStats()
        .then((report) => {
          if (pc.connectionState === 'closed') return;
          const next = sampleOf(report.values() as never);
          const q = qualityBetween(previous, next);
          previous = next;
          setQuality(q);
          dispatch({ type: 'quality', quality: q });
        })
        // The connection closed between the check and the reading: nothing to report.
        .catch(() => undefined);
    }, STATS_MS);

    return () => {
      clearInterval(statsTimer);
      clearTimeout(disconnectedTimer);
      clearTimeout(failTimer);
      window.removeEventListener('online', onNetworkChange);
      netInfo?.removeEventListener?.('change', onNetworkChange);
      negotiation.close();
      pc.ontrack = null;
      pc.oniceconnectionstatechange = null;
      pc.close();
      tracker.end(call);
      pcRef.current = null;
      negotiationRef.current = null;
      setRemoteStream(null);
      setConnection('idle');
    };
  }, [enabled, generation, guestCall, host, iceKey]);

  // A new device or a step down/up: swap what each sender carries, without renegotiating.
  useEffect(() => {
    const pc = pcRef.current;
    if (!pc) return;
    for (const kind of ['audio', 'video'] as const) {
      const sender = sendersRef.current[kind];
      const track = localStream?.getTracks().find((t) => t.kind === kind) ?? null;
      if (sender) {
        void sender.replaceTrack(wanted(kind, track, fallback.mode)).catch(() => undefined);
      } else if (track && localStream) {
        // A device that opened after the call began (e.g. the camera came back): add it (renegotiates).
        sendersRef.current[kind] = pc.addTrack(track, localStream);
      }
    }
  }, [localStream, fallback.mode]);

  const receive = useCallback((signal: CallSignal) => {
    const { call, ...negotiationSignal } = signal;
    const tracker = trackerRef.current;
    const fate = tracker.classify(call);
    if (fate === 'drop') return;
    if (fate === 'switch') {
      // The host started a new call: leave ours (synchronously, so none of the new call's signals
      // reach the old connection) and connect to the new one.
      negotiationRef.current?.close();
      negotiationRef.current = null;
      pendingRef.current = [];
      tracker.begin(call);
      setGuestCall(call);
    }
    const negotiation = negotiationRef.current;
    if (negotiation) void negotiation.receive(negotiationSignal);
    // A newer offer replaces everything before it: only the latest negotiation matters.
    else if (negotiationSignal.description?.type === 'offer') pendingRef.current = [negotiationSignal];
    else if (pendingRef.current.length < MAX_PENDING) pendingRef.current.push(negotiationSignal);
  }, []);

  const restart = useCallback(() => {
    negotiationRef.current?.close();
    negotiationRef.current = null;
    pendingRef.current = [];
    if (host) {
      setGeneration((n) => n + 1);
    } else {
      trackerRef.current.end(trackerRef.current.current);
      setGuestCall(null);
    }
  }, [host]);

  const peerJoined = useCallback(() => {
    if (host) restart();
  }, [host, restart]);

  const stats = useCallback(async () => {
    const pc = pcRef.current;
    return pc ? sampleOf((await pc.getStats()).values() as never) : null;
  }, []);

  return {
    remoteStream,
    connection,
    quality,
    mode: fallback.mode,
    automaticMode: fallback.automatic,
    chooseMode: (mode) => dispatch({ type: 'choose', mode }),
    receive,
    restart,
    peerJoined,
    stats,
  };
}

/** What a sender carries in a mode: video only in a video call, audio unless only the chat is left. */
function wanted(
  kind: 'audio' | 'video',
  track: MediaStreamTrack | null,
  mode: CallMode,
): MediaStreamTrack | null {
  if (mode === 'chat') return null;
  if (kind === 'video' && mode === 'audio') return null;
  return track;
}
