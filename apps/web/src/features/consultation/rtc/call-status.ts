import type { CallMode } from './fallback';
import type { CallConnection } from './use-peer-call';

/** What the call stage says above the video, by priority; null when the call simply runs. */
export type CallNotice =
  | 'waiting-other'
  | 'chat-only-auto'
  | 'chat-only-chosen'
  | 'reconnecting'
  | 'connecting'
  | 'audio-only-auto'
  | 'audio-only-chosen'
  | null;

export function callNotice(input: {
  otherPresent: boolean;
  mode: CallMode;
  automaticMode: boolean;
  connection: CallConnection;
}): CallNotice {
  if (!input.otherPresent) return 'waiting-other';
  if (input.mode === 'chat') return input.automaticMode ? 'chat-only-auto' : 'chat-only-chosen';
  if (input.connection === 'reconnecting' || input.connection === 'failed') return 'reconnecting';
  if (input.connection !== 'connected') return 'connecting';
  if (input.mode === 'audio') return input.automaticMode ? 'audio-only-auto' : 'audio-only-chosen';
  return null;
}
