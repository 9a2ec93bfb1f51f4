import {
  LIVE_CLOSE,
  LIVE_HEARTBEAT_SECONDS,
  LIVE_PATH,
  type LiveClientMessage,
  type LiveEventType,
  type LiveFrame,
  type LiveServerEvent,
  liveFrameSchema,
} from '@pulsa/shared/schemas/live';

export type LiveStatus = 'connecting' | 'open' | 'closed';
type EventOf<T extends LiveEventType> = Extract<LiveServerEvent, { type: T }>;

/**
 * Wait before reconnection attempt `attempt` (0-based): doubling from 1 s up to 30 s, each a random
 * 50–100 % of that, so a server restart is not met by every tab at the same instant.
 */
/** A message of the tab the server refused, in the server's Portuguese words. */
export type LiveRefusal = Omit<Extract<LiveFrame, { kind: 'error' }>, 'kind'>;

export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** Tabs of a stopping instance (1012) come back within this, spread at random. */
export const RESTART_SPREAD_MS = 1_000;

/**
 * One tab's live connection: connects, says hello with the last event id it saw (the server sends
 * what was missed), sends heartbeats, and reconnects with back-off when the link drops — at once
 * when the browser says it is back online (and it lets go at once when the browser says it is
 * offline). A 4401 close (the session ended) stops it. A 4409 close (the user has more live tabs
 * than allowed, and this was the oldest) waits until the tab is looked at again, so two tabs never
 * take turns pushing each other out. A 1012 close (the instance is stopping for a deploy) reconnects
 * within a second, with no back-off: another instance answers and sends what was missed.
 */
export class LiveClient {
  private socket: WebSocket | undefined;
  private lastEventId: number | null = null;
  private attempts = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastHeard = 0;
  private stopped = false;
  /** Let go for a newer tab of the same person (4409): back only when this tab is looked at. */
  private parked = false;
  private statusValue: LiveStatus = 'connecting';
  private readonly eventListeners = new Map<LiveEventType, Set<(event: LiveServerEvent) => void>>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly readyListeners = new Set<(reconnected: boolean) => void>();
  private readonly refusedListeners = new Set<(refusal: LiveRefusal) => void>();
  private wasReady = false;
  private readonly url: string;
  private readonly onSessionEnded: () => void;

  constructor(options: { onSessionEnded: () => void; url?: string }) {
    this.onSessionEnded = options.onSessionEnded;
    this.url =
      options.url ??
      `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${LIVE_PATH}`;
  }

  get status(): LiveStatus {
    return this.statusValue;
  }

  start(): void {
    this.stopped = false;
    window.addEventListener('online', this.reconnectNow);
    window.addEventListener('offline', this.dropNow);
    document.addEventListener('visibilitychange', this.resumeWhenSeen);
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    window.removeEventListener('online', this.reconnectNow);
    window.removeEventListener('offline', this.dropNow);
    document.removeEventListener('visibilitychange', this.resumeWhenSeen);
    clearTimeout(this.retry);
    clearInterval(this.heartbeat);
    this.socket?.close(1000);
    this.socket = undefined;
  }

  /** Sends a message if the link is open; false when it is not (the caller decides what then). */
  send(message: LiveClientMessage): boolean {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(message));
    return true;
  }

  on<T extends LiveEventType>(type: T, listener: (event: EventOf<T>) => void): () => void {
    let set = this.eventListeners.get(type);
    if (!set) {
      set = new Set();
      this.eventListeners.set(type, set);
    }
    const wrapped = listener as (event: LiveServerEvent) => void;
    set.add(wrapped);
    return () => set.delete(wrapped);
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * After every connection, once the missed events are in; `reconnected` is true after a drop (the
   * time to refresh what the page shows, in case more was missed than the catch-up keeps).
   */
  onReady(listener: (reconnected: boolean) => void): () => void {
    this.readyListeners.add(listener);
    return () => this.readyListeners.delete(listener);
  }

  /**
   * The server refused a message of this tab (an `error` frame; the link stays up). Whoever sent
   * it tells the person, so nothing they did is lost without a word.
   */
  onRefused(listener: (refusal: LiveRefusal) => void): () => void {
    this.refusedListeners.add(listener);
    return () => this.refusedListeners.delete(listener);
  }

  /** The browser says the network is gone: say so now rather than after two silent heartbeats. */
  private readonly dropNow = () => {
    this.socket?.close();
  };

  private readonly reconnectNow = () => {
    if (this.stopped || this.statusValue === 'open') return;
    this.parked = false;
    clearTimeout(this.retry);
    this.attempts = 0;
    this.connect();
  };

  /** A tab let go for a newer one comes back when the person looks at it. */
  private readonly resumeWhenSeen = () => {
    if (this.parked && document.visibilityState === 'visible') this.reconnectNow();
  };

  private connect(): void {
    this.setStatus('connecting');
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempts = 0;
      this.lastHeard = Date.now();
      socket.send(
        JSON.stringify({ type: 'hello', lastEventId: this.lastEventId } satisfies LiveClientMessage),
      );
      clearInterval(this.heartbeat);
      this.heartbeat = setInterval(() => this.beat(socket), LIVE_HEARTBEAT_SECONDS * 1000);
    };
    socket.onmessage = (message) => {
      this.lastHeard = Date.now();
      this.receive(String(message.data));
    };
    socket.onclose = (close) => {
      if (this.socket !== socket) return;
      clearInterval(this.heartbeat);
      this.setStatus('closed');
      if (this.stopped) return;
      if (close.code === LIVE_CLOSE.sessionEnded) {
        this.onSessionEnded();
        return;
      }
      // Let go for a newer tab: a tab in the background waits to be looked at; the one in front
      // (rarely the oldest) tries again with back-off like after any drop.
      if (close.code === LIVE_CLOSE.tooManyConnections && document.visibilityState !== 'visible') {
        this.parked = true;
        return;
      }
      // An instance stopping for a deploy: not a failure, so no back-off — only a short random pause
      // so that its tabs do not all land on the other instance in the same instant.
      if (close.code === LIVE_CLOSE.restarting) {
        this.attempts = 0;
        this.retry = setTimeout(() => this.connect(), Math.random() * RESTART_SPREAD_MS);
        return;
      }
      this.retry = setTimeout(() => this.connect(), reconnectDelay(this.attempts++));
    };
  }

  /** A link that stayed silent through two heartbeats is dead even if the browser has not noticed. */
  private beat(socket: WebSocket): void {
    if (Date.now() - this.lastHeard > 2 * LIVE_HEARTBEAT_SECONDS * 1000) {
      socket.close();
      return;
    }
    this.send({ type: 'ping' });
  }

  private receive(text: string): void {
    let frame: ReturnType<typeof liveFrameSchema.safeParse>;
    try {
      frame = liveFrameSchema.safeParse(JSON.parse(text));
    } catch {
      return;
    }
    if (!frame.success) return;
    const data = frame.data;
    if (data.kind === 'event') {
      // A transient event (a call's signal) has no id: it is never caught up.
      if (data.id !== null) this.lastEventId = Math.max(this.lastEventId ?? 0, data.id);
      for (const listener of this.eventListeners.get(data.event.type) ?? []) listener(data.event);
    } else if (data.kind === 'ready') {
      this.lastEventId = data.lastEventId;
      this.setStatus('open');
      for (const listener of this.readyListeners) listener(this.wasReady);
      this.wasReady = true;
    } else if (data.kind === 'error') {
      for (const listener of this.refusedListeners) listener({ code: data.code, message: data.message });
    }
  }

  private setStatus(status: LiveStatus): void {
    if (this.statusValue === status) return;
    this.statusValue = status;
    for (const listener of this.statusListeners) listener(status);
  }
}
