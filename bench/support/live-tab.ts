import type { LiveFrame } from '@pulsa/shared/schemas/live';
import { WebSocket } from 'ws';

/**
 * An open screen's live connection, as the web app keeps it: says hello with the last event it saw
 * (so a reconnect catches up), remembers the notifications it received, and reconnects at once after
 * 1012 ("reconnect": an instance stopping or its subscriptions restored), after 250 ms otherwise.
 */
export interface LiveTab {
  socket?: WebSocket;
  opens: number;
  stopped: boolean;
  lastEventId: number | null;
  /** Titles of the notifications the tab received, live or caught up. */
  titles: Set<string>;
  /** Close codes seen, in order. */
  closes: number[];
  /** Upgrades refused by the server (an instance draining answers 503 instead of 101). */
  refusedUpgrades: number;
}

export const newLiveTab = (): LiveTab => ({
  opens: 0,
  stopped: false,
  lastEventId: null,
  titles: new Set(),
  closes: [],
  refusedUpgrades: 0,
});

export function openLiveTab(tab: LiveTab, base: string, cookie: string, ca: Buffer) {
  const socket = new WebSocket(`${base.replace('https', 'wss')}/api/live`, {
    headers: { origin: base, cookie },
    ca,
  });
  tab.socket = socket;
  socket.on('open', () => {
    tab.opens++;
    socket.send(JSON.stringify({ type: 'hello', lastEventId: tab.lastEventId }));
  });
  socket.on('message', (data) => {
    const frame = JSON.parse(String(data)) as LiveFrame;
    if (frame.kind === 'ready') tab.lastEventId = frame.lastEventId;
    if (frame.kind === 'event') {
      if (frame.id !== null) tab.lastEventId = frame.id;
      if (frame.event.type === 'notification') tab.titles.add(frame.event.notification.title);
    }
  });
  // A refused upgrade errs, then closes: the tab tries again.
  socket.on('error', (error) => {
    if (/Unexpected server response/.test(error.message)) tab.refusedUpgrades++;
  });
  socket.on('close', (code) => {
    if (tab.stopped) return;
    tab.closes.push(code);
    setTimeout(() => tab.stopped || openLiveTab(tab, base, cookie, ca), code === 1012 ? 0 : 250);
  });
}
