import { describe, expect, it } from 'vitest';
import { type FallbackEvent, type FallbackState, fallbackReducer, initialFallback } from './fallback';

const run = (events: FallbackEvent[], from: FallbackState = initialFallback) =>
  events.reduce(fallbackReducer, from);
const poor: FallbackEvent = { type: 'quality', quality: 'poor' };
const good: FallbackEvent = { type: 'quality', quality: 'good' };

describe('fallbackReducer', () => {
  it('steps down to audio only after three poor readings in a row', () => {
    expect(run([poor, poor]).mode).toBe('video');
    expect(run([poor, poor, poor])).toEqual({ mode: 'audio', poorStreak: 0, automatic: true });
  });

  it('a good reading in between starts the count again', () => {
    expect(run([poor, poor, good, poor, poor]).mode).toBe('video');
    expect(run([poor, poor, { type: 'quality', quality: 'fair' }, poor]).mode).toBe('video');
  });

  it('then from audio to chat only when audio cannot hold either', () => {
    expect(run([poor, poor, poor, poor, poor, poor]).mode).toBe('chat');
  });

  it('a failed connection goes straight to chat, and back to audio once it works again', () => {
    const failed = run([{ type: 'failed' }]);
    expect(failed).toEqual({ mode: 'chat', poorStreak: 0, automatic: true });
    expect(run([{ type: 'recovered' }], failed).mode).toBe('audio');
  });

  it('keeps the user’s own choice when the connection recovers', () => {
    const chosen = run([{ type: 'choose', mode: 'chat' }]);
    expect(run([{ type: 'recovered' }], chosen).mode).toBe('chat');
    expect(run([{ type: 'choose', mode: 'video' }], chosen)).toEqual(initialFallback);
  });

  it('ignores readings while only the chat is on and readings it cannot judge', () => {
    const chat = run([{ type: 'failed' }]);
    expect(run([poor, poor, poor], chat)).toBe(chat);
    expect(run([{ type: 'quality', quality: 'unknown' }])).toBe(initialFallback);
  });
});
