import { useCallback, useEffect, useRef, useState } from 'react';
import { type MediaFailure, mediaFailureOf, mediaSupported } from './media-errors';

export interface DeviceChoice {
  cameraId: string;
  microphoneId: string;
  speakerId: string;
}

export interface DeviceLists {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

/** The chosen devices outlive the page (a reload rejoins with the same camera). */
const STORAGE_KEY = 'pulsa.consultation.devices';

function storedChoice(): DeviceChoice {
  const empty = { cameraId: '', microphoneId: '', speakerId: '' };
  try {
    return { ...empty, ...(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<DeviceChoice>) };
  } catch {
    return empty;
  }
}

function constraint(deviceId: string): MediaTrackConstraints | boolean {
  return deviceId ? { deviceId: { exact: deviceId } } : true;
}

/** Whether audio output can be routed to a chosen device (Chrome, Edge; not Firefox before 116, not Safari). */
export const canChooseSpeaker = () =>
  typeof HTMLMediaElement !== 'undefined' && 'setSinkId' in HTMLMediaElement.prototype;

export interface LocalMedia {
  /** Microphone and camera, or only the microphone when the camera failed; null before and on failure. */
  stream: MediaStream | null;
  starting: boolean;
  /** Nothing could be opened. */
  failure: MediaFailure | null;
  /** The microphone works but the camera did not open. */
  cameraFailure: MediaFailure | null;
  devices: DeviceLists;
  choice: DeviceChoice;
  micOn: boolean;
  cameraOn: boolean;
  retry: () => void;
  choose: (kind: keyof DeviceChoice, deviceId: string) => void;
  setMicOn: (on: boolean) => void;
  setCameraOn: (on: boolean) => void;
}

/**
 * The user's camera and microphone for the room: opens them (camera falls back to audio only),
 * lists the devices (labels appear once permission is given) and follows plugged/unplugged ones,
 * switches a device by opening only that one (the call swaps the track without renegotiating).
 */
export function useLocalMedia(active = true): LocalMedia {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [starting, setStarting] = useState(true);
  const [failure, setFailure] = useState<MediaFailure | null>(null);
  const [cameraFailure, setCameraFailure] = useState<MediaFailure | null>(null);
  const [devices, setDevices] = useState<DeviceLists>({ cameras: [], microphones: [], speakers: [] });
  const [choice, setChoice] = useState<DeviceChoice>(storedChoice);
  const [micOn, setMicOnState] = useState(true);
  const [cameraOn, setCameraOnState] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);
  const choiceRef = useRef(choice);
  choiceRef.current = choice;
  const onRef = useRef({ micOn, cameraOn });
  onRef.current = { micOn, cameraOn };

  const readDevices = useCallback(async () => {
    if (!navigator.mediaDevices?.enumerateDevices) return;
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices({
      cameras: all.filter((d) => d.kind === 'videoinput' && d.deviceId),
      microphones: all.filter((d) => d.kind === 'audioinput' && d.deviceId),
      speakers: all.filter((d) => d.kind === 'audiooutput' && d.deviceId),
    });
  }, []);

  const replaceStream = useCallback((next: MediaStream | null) => {
    const previous = streamRef.current;
    streamRef.current = next;
    // Tracks the new stream still uses stay open; the others are released (the camera light goes off).
    for (const track of previous?.getTracks() ?? []) {
      if (!next?.getTracks().includes(track)) track.stop();
    }
    for (const track of next?.getAudioTracks() ?? []) track.enabled = onRef.current.micOn;
    for (const track of next?.getVideoTracks() ?? []) track.enabled = onRef.current.cameraOn;
    setStream(next);
  }, []);

  // Opens the devices on mount and on "Tentar novamente".
  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    if (!active) return;
    if (!mediaSupported(window as never)) {
      setFailure('unsupported');
      setStarting(false);
      return;
    }
    let cancelled = false;
    setStarting(true);
    (async () => {
      const { cameraId, microphoneId } = choiceRef.current;
      let opened: MediaStream | null = null;
      let fullFailure: MediaFailure | null = null;
      try {
        opened = await navigator.mediaDevices.getUserMedia({
          audio: constraint(microphoneId),
          video: constraint(cameraId),
        });
      } catch (error) {
        fullFailure = mediaFailureOf(error);
        // A remembered device that is gone: try the defaults before giving up.
        if (fullFailure === 'no-device' && (cameraId || microphoneId)) {
          try {
            opened = await navigator.mediaDevices.getUserMedia({ audio: true, video: true });
            fullFailure = null;
          } catch (again) {
            fullFailure = mediaFailureOf(again);
          }
        }
      }
      let camera: MediaFailure | null = null;
      if (!opened && fullFailure && fullFailure !== 'permission-denied' && fullFailure !== 'unsupported') {
        // No or a busy camera: the consultation can still happen with sound only.
        try {
          opened = await navigator.mediaDevices.getUserMedia({ audio: true });
          camera = fullFailure;
          fullFailure = null;
        } catch {
          // Keep the first failure: it names what the user must fix.
        }
      }
      if (cancelled) {
        for (const track of opened?.getTracks() ?? []) track.stop();
        return;
      }
      replaceStream(opened);
      setFailure(fullFailure);
      setCameraFailure(camera);
      setStarting(false);
      await readDevices().catch(() => undefined);
    })();
    return () => {
      cancelled = true;
    };
  }, [active, attempt, readDevices, replaceStream]);

  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!media?.addEventListener) return;
    const onChange = () => void readDevices().catch(() => undefined);
    media.addEventListener('devicechange', onChange);
    return () => media.removeEventListener('devicechange', onChange);
  }, [readDevices]);

  // Releases the devices when the room closes.
  useEffect(() => () => replaceStream(null), [replaceStream]);

  const choose = useCallback(
    (kind: keyof DeviceChoice, deviceId: string) => {
      const next = { ...choiceRef.current, [kind]: deviceId };
      setChoice(next);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      if (kind === 'speakerId') return;
      const current = streamRef.current;
      const video = kind === 'cameraId';
      void navigator.mediaDevices
        .getUserMedia(video ? { video: constraint(deviceId) } : { audio: constraint(deviceId) })
        .then((opened) => {
          const [track] = opened.getTracks();
          if (!track) return;
          const kept = (current?.getTracks() ?? []).filter((t) => t.kind !== track.kind);
          replaceStream(new MediaStream([...kept, track]));
          if (video) setCameraFailure(null);
        })
        .catch((error) => {
          if (video) setCameraFailure(mediaFailureOf(error));
          else setFailure(mediaFailureOf(error));
        });
    },
    [replaceStream],
  );

  const setMicOn = useCallback((on: boolean) => {
    setMicOnState(on);
    for (const track of streamRef.current?.getAudioTracks() ?? []) track.enabled = on;
  }, []);
  const setCameraOn = useCallback((on: boolean) => {
    setCameraOnState(on);
    for (const track of streamRef.current?.getVideoTracks() ?? []) track.enabled = on;
  }, []);

  return {
    stream,
    starting,
    failure,
    cameraFailure,
    devices,
    choice,
    micOn,
    cameraOn,
    retry: () => setAttempt((n) => n + 1),
    choose,
    setMicOn,
    setCameraOn,
  };
}
