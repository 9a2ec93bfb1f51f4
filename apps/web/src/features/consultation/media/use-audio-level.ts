import { useEffect, useState } from 'react';
import { audioLevel, smoothLevel } from './audio-level';

/** Readings per second of the meter: smooth to the eye, cheap for the page. */
const FRAME_MS = 66;

/**
 * The live loudness (0–1) of a stream's microphone, read with a WebAudio AnalyserNode. The context
 * may start suspended until the user touches the page (autoplay rules); it resumes on the first touch.
 */
export function useAudioLevel(stream: MediaStream | null): number {
  const [level, setLevel] = useState(0);
  const track = stream?.getAudioTracks()[0];
  useEffect(() => {
    if (!track || typeof AudioContext === 'undefined') {
      setLevel(0);
      return;
    }
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Uint8Array(analyser.fftSize);
    let shown = 0;
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples);
      // A muted track (enabled = false) delivers silence, so the meter shows the mute too.
      shown = smoothLevel(shown, audioLevel(samples));
      setLevel(Math.round(shown * 100) / 100);
    }, FRAME_MS);
    const resume = () => void context.resume().catch(() => undefined);
    resume();
    window.addEventListener('pointerdown', resume, { once: true });
    return () => {
      clearInterval(timer);
      window.removeEventListener('pointerdown', resume);
      source.disconnect();
      void context.close().catch(() => undefined);
    };
  }, [track]);
  return level;
}

/** Plays a short tone on the chosen output so the user hears whether the speaker works. */
export async function playTestTone(speakerId: string): Promise<void> {
  const context = new AudioContext();
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  const destination = context.createMediaStreamDestination();
  oscillator.frequency.value = 440;
  gain.gain.setValueAtTime(0.2, context.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.8);
  oscillator.connect(gain).connect(destination);
  const audio = new Audio();
  audio.srcObject = destination.stream;
  if (speakerId && 'setSinkId' in audio) await audio.setSinkId(speakerId);
  oscillator.start();
  oscillator.stop(context.currentTime + 0.8);
  await audio.play();
  oscillator.onended = () => {
    audio.srcObject = null;
    void context.close();
  };
}
