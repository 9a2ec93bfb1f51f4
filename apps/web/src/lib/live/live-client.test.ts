// @vitest-environment jsdom
import { LIVE_CLOSE, LIVE_MESSAGES } from '@pulsa/shared/schemas/live';
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

/** A socket the test drives: it opens, receives frames and is closed by the "server" on demand. */
class FakeSocket {
  static readonly OPEN = 1;
  static made: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {}
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  frame(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data) });
  }
  serverCloses(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const newClient = () => new LiveClient({ onSessionEnded: () => {}, url: 'ws://pulsa.test/api/live' });

describe('LiveClient refusals', () => {
  it('tells its listeners when the server refuses a message with an error frame', () => {
    const client = newClient();
    const refused: { code: string; message: string }[] = [];
    client.onRefused((frame) => refused.push(frame));
    client.start();
    FakeSocket.made.at(-1)?.open();
    FakeSocket.made
      .at(-1)
      ?.frame({ kind: 'error', code: 'rate_limited', message: LIVE_MESSAGES.rateLimited });
    expect(refused).toEqual([{ code: 'rate_limited', message: LIVE_MESSAGES.rateLimited }]);
    client.stop();
  });
});

describe('LiveClient when the server closes the socket', () => {
  it('an instance stopping (1012) is met again within a second, however many drops came before', () => {
    const client = newClient();
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
    const client = newClient();
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
