import { describe, expect, it } from 'vitest';
import { callNotice } from './call-status';

const base = {
  otherPresent: true,
  mode: 'video' as const,
  automaticMode: false,
  connection: 'connected' as const,
};

describe('callNotice', () => {
  it('says nothing while a video call runs', () => {
    expect(callNotice(base)).toBeNull();
  });

  it('waiting for the other party comes first', () => {
    expect(callNotice({ ...base, otherPresent: false, connection: 'failed' })).toBe('waiting-other');
  });

  it('tells a step-down the room made from one the user chose', () => {
    expect(callNotice({ ...base, mode: 'chat', automaticMode: true })).toBe('chat-only-auto');
    expect(callNotice({ ...base, mode: 'chat' })).toBe('chat-only-chosen');
    expect(callNotice({ ...base, mode: 'audio', automaticMode: true })).toBe('audio-only-auto');
    expect(callNotice({ ...base, mode: 'audio' })).toBe('audio-only-chosen');
  });

  it('a connection being made or mended is said before the audio-only note', () => {
    expect(callNotice({ ...base, mode: 'audio', connection: 'reconnecting' })).toBe('reconnecting');
    expect(callNotice({ ...base, connection: 'failed' })).toBe('reconnecting');
    expect(callNotice({ ...base, connection: 'connecting' })).toBe('connecting');
    expect(callNotice({ ...base, connection: 'idle' })).toBe('connecting');
  });
});
