import { LIVE_MESSAGES } from '@pulsa/shared/schemas/live';
import { describe, expect, it, vi } from 'vitest';
import { LiveClient, reconnectDelay } from './live-client';

describe('reconnectDelay', () => {
  it('doubles from 1 s up to 30 s, with a random half on top of the other half', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect([0, 1, 5].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1000, 15_000]);
  });
});

/** A socket the test drives: it opens at once and hands the client whatever frame the test sends. */
class FakeSocket {
  static OPEN = 1;
  static last: FakeSocket | undefined;
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: ((close: { code: number }) => void) | null = null;
  constructor() {
    FakeSocket.last = this;
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
}

describe('LiveClient refusals', () => {
  it('tells its listeners when the server refuses a message with an error frame', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} });
    vi.stubGlobal('document', {
      addEventListener() {},
      removeEventListener() {},
      visibilityState: 'visible',
    });
    const client = new LiveClient({ onSessionEnded: () => {}, url: 'ws://test/api/live' });
    const refused: { code: string; message: string }[] = [];
    client.onRefused((frame) => refused.push(frame));
    client.start();
    FakeSocket.last?.open();
    FakeSocket.last?.frame({ kind: 'error', code: 'rate_limited', message: LIVE_MESSAGES.rateLimited });
    expect(refused).toEqual([{ code: 'rate_limited', message: LIVE_MESSAGES.rateLimited }]);
    client.stop();
    vi.unstubAllGlobals();
  });
});
