// @vitest-environment jsdom
import { LIVE_CLOSE } from '@pulsa/shared/schemas/live';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LiveClient, RESTART_SPREAD_MS, reconnectDelay } from './live-client';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, with a random half on top of the other half', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 15_000]);
  });
});

/** A socket the test opens and closes by hand; each one made is kept in order. */
class FakeSocket {
  static made: FakeSocket[] = [];
  static readonly OPEN = 1;
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onclose: ((c: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send() {}
  close() {}
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

describe('LiveClient when the server closes the socket', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.made = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('an instance stopping (1012) is met again within a second, however many drops came before', () => {
    const client = new LiveClient({ onSessionEnded: () => {}, url: 'ws://pulsa.test/api/live' });
    client.start();
    // Three ordinary drops first: the back-off has grown to 8 s.
    for (let k = 0; k < 3; k++) {
      FakeSocket.made.at(-1)?.serverCloses(1006);
      vi.advanceTimersByTime(reconnectDelay(k, () => 1));
    }
    expect(FakeSocket.made).toHaveLength(4);
    FakeSocket.made.at(-1)?.serverCloses(LIVE_CLOSE.restarting);
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.made).toHaveLength(5);
    client.stop();
  });

  it('an ordinary drop waits for its back-off', () => {
    const client = new LiveClient({ onSessionEnded: () => {}, url: 'ws://pulsa.test/api/live' });
    client.start();
    for (let k = 0; k < 3; k++) {
      FakeSocket.made.at(-1)?.serverCloses(1006);
      vi.advanceTimersByTime(reconnectDelay(k, () => 1));
    }
    FakeSocket.made.at(-1)?.serverCloses(1006);
    vi.advanceTimersByTime(RESTART_SPREAD_MS);
    expect(FakeSocket.made).toHaveLength(4);
    client.stop();
  });
});
