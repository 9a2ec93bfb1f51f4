import type { CallQuality } from './call-quality';

/**
 * What the call carries: video and audio, audio only, or nothing (the chat stays). When video cannot
 * hold, the room steps down on its own instead of freezing; the user can step back up.
 */
export type CallMode = 'video' | 'audio' | 'chat';

export interface FallbackState {
  mode: CallMode;
  /** Consecutive poor readings in the current mode. */
  poorStreak: number;
  /** True when the room chose the mode because of the connection, not the user. */
  automatic: boolean;
}

export type FallbackEvent =
  | { type: 'quality'; quality: CallQuality }
  /** The connection failed and an ICE restart did not bring it back. */
  | { type: 'failed' }
  /** The connection works again. */
  | { type: 'recovered' }
  | { type: 'choose'; mode: CallMode };

/** Poor readings in a row before stepping down (readings come every 2 s: about 6 s of trouble). */
export const POOR_READINGS_TO_STEP_DOWN = 3;

export const initialFallback: FallbackState = { mode: 'video', poorStreak: 0, automatic: false };

export function fallbackReducer(state: FallbackState, event: FallbackEvent): FallbackState {
  switch (event.type) {
    case 'choose':
      return { mode: event.mode, poorStreak: 0, automatic: false };
    case 'failed':
      return state.mode === 'chat' ? state : { mode: 'chat', poorStreak: 0, automatic: true };
    case 'recovered':
      // Back from an automatic "chat only" to audio; video is the user's call (it failed before).
      return state.mode === 'chat' && state.automatic
        ? { mode: 'audio', poorStreak: 0, automatic: true }
        : state;
    case 'quality': {
      if (event.quality === 'unknown' || state.mode === 'chat') return state;
      if (event.quality !== 'poor') return state.poorStreak === 0 ? state : { ...state, poorStreak: 0 };
      const poorStreak = state.poorStreak + 1;
      if (poorStreak < POOR_READINGS_TO_STEP_DOWN) return { ...state, poorStreak };
      return { mode: state.mode === 'video' ? 'audio' : 'chat', poorStreak: 0, automatic: true };
    }
  }
}
