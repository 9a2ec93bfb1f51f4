import { describe, expect, it } from 'vitest';
import { callTracker } from './call-tracker';

describe('callTracker', () => {
  it('the host feeds signals of its current call and drops any other', () => {
    const host = callTracker('host');
    expect(host.classify('a')).toBe('drop');
    host.begin('a');
    expect(host.classify('a')).toBe('feed');
    host.begin('b');
    expect(host.classify('a')).toBe('drop');
    expect(host.classify('b')).toBe('feed');
    expect(host.classify('c')).toBe('drop');
  });

  it('the guest follows a new call of the host, and never goes back to an ended one', () => {
    const guest = callTracker('guest');
    expect(guest.classify('a')).toBe('switch');
    guest.begin('a');
    expect(guest.classify('a')).toBe('feed');
    // The host reloaded: its new call replaces the old one; late signals of the old one are dropped.
    expect(guest.classify('b')).toBe('switch');
    guest.begin('b');
    expect(guest.classify('a')).toBe('drop');
    expect(guest.classify('b')).toBe('feed');
  });

  it('a call ended by this side (its own link dropped) is not rejoined; the next one is', () => {
    const guest = callTracker('guest');
    guest.begin('a');
    guest.end('a');
    expect(guest.current).toBeNull();
    expect(guest.classify('a')).toBe('drop');
    expect(guest.classify('b')).toBe('switch');
  });

  it('ending a call that was already replaced leaves the current one alone', () => {
    const guest = callTracker('guest');
    guest.begin('a');
    guest.begin('b');
    guest.end('a');
    expect(guest.current).toBe('b');
    guest.end(null);
    expect(guest.current).toBe('b');
  });
});
