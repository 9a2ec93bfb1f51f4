/**
 * The waiting screens of bench/queue.ts, in a thread of their own so that reading thousands of
 * live events never delays the doctors' clock in the main thread. Each tab is a patient's live
 * connection, as the web app keeps it: it says hello, follows its place in line ('on_demand.place'), and
 * when its appointment turns confirmed (the patient was called) it enters the room (presence
 * "join"), as the waiting page does.
 *
 * Latency, per waiting screen and per call: the main thread reports each "Chamar próximo" that took
 * someone (the taken patient's place in the initial line, and when the call was sent). Every tab
 * behind that place should then show a position one lower; the time from the call being sent to the
 * first ticket at or below that position is one sample. Times are absolute (time origin + now), so
 * the two threads compare. Samples go into 1 ms buckets; a change a tab never shows counts as lost.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { LiveFrame } from '@pulsa/shared/schemas/live';
import { WebSocket } from 'ws';

export interface TabSpec {
  base: string;
  cookie: string;
  appointmentId: string;
  /** Place in the line when the run starts (0 = head). */
  lineIndex: number;
}

export type ToTabs =
  | { type: 'open' }
  /** Calls that took someone, in the order their answers came: place in line, sent at (abs ms). */
  | { type: 'taken'; calls: [lineIndex: number, sentAt: number][] }
  | { type: 'report' }
  | { type: 'close' };

export type FromTabs =
  | { type: 'opened'; open: number; failed: number }
  | {
      type: 'report';
      /** Samples per whole millisecond, the last bucket holding everything past it. */
      buckets: Uint32Array;
      /** Changes a tab had not shown when asked (counted as missed, not in the buckets). */
      lost: number;
      /** Changes dropped because the tab's own patient was called first (the screen left the line). */
      superseded: number;
      tickets: number;
      presenceSent: number;
      closedEarly: number;
    }
  | { type: 'closed' };

export const LATENCY_BUCKETS = 120_000;

const clock = () => performance.timeOrigin + performance.now();
const RING = 16;

interface Tab {
  spec: TabSpec;
  socket?: WebSocket;
  ready: boolean;
  /** Out of the line (its patient was taken): its pending changes no longer apply. */
  out: boolean;
  /** In the room (presence sent). */
  entered: boolean;
  /** The position the tab should show once every call reported so far is on screen. */
  truePosition: number;
  /** Reported calls the tab has not shown yet: the position each asks for, and its send time. */
  pending: { position: number; sentAt: number }[];
  /** The latest tickets: when and which position (a call's report can come after its ticket). */
  seenAt: Float64Array;
  seenPosition: Int32Array;
  seen: number;
}

// Imported by the main thread for its types and constant only.
const { origin, specs } = (isMainThread ? { origin: '', specs: [] } : workerData) as {
  origin: string;
  specs: TabSpec[];
};
const tabs: Tab[] = specs
  .map((spec) => ({
    spec,
    ready: false,
    out: false,
    entered: false,
    truePosition: spec.lineIndex + 1,
    pending: [],
    seenAt: new Float64Array(RING),
    seenPosition: new Int32Array(RING),
    seen: 0,
  }))
  .sort((a, b) => a.spec.lineIndex - b.spec.lineIndex);
const buckets = new Uint32Array(LATENCY_BUCKETS + 1);
let superseded = 0;
let tickets = 0;
let presenceSent = 0;
let closedEarly = 0;
let closing = false;

const sample = (ms: number) => {
  const i = Math.min(LATENCY_BUCKETS, Math.max(0, Math.floor(ms)));
  buckets[i] = (buckets[i] ?? 0) + 1;
};

function leaveLine(tab: Tab) {
  if (tab.out) return;
  tab.out = true;
  superseded += tab.pending.length;
  tab.pending = [];
}

function onTicket(tab: Tab, position: number, at: number) {
  tickets += 1;
  tab.seenAt[tab.seen % RING] = at;
  tab.seenPosition[tab.seen % RING] = position;
  tab.seen += 1;
  let done = 0;
  while (done < tab.pending.length && (tab.pending[done] as Tab['pending'][number]).position >= position) {
    sample(at - (tab.pending[done] as Tab['pending'][number]).sentAt);
    done += 1;
  }
  if (done > 0) tab.pending.splice(0, done);
}

/** A reported call: every tab behind its place moves up one, unless it already shows it. */
function taken(lineIndex: number, sentAt: number) {
  for (const tab of tabs) {
    if (tab.spec.lineIndex < lineIndex || tab.out) continue;
    if (tab.spec.lineIndex === lineIndex) {
      leaveLine(tab);
      continue;
    }
    tab.truePosition -= 1;
    const position = tab.truePosition;
    // The ticket may have come before the call's answer reached the main thread.
    let earliest = Number.POSITIVE_INFINITY;
    for (let i = Math.max(0, tab.seen - RING); i < tab.seen; i += 1) {
      const at = tab.seenAt[i % RING] as number;
      if (at >= sentAt && (tab.seenPosition[i % RING] as number) <= position && at < earliest) earliest = at;
    }
    if (earliest !== Number.POSITIVE_INFINITY) sample(earliest - sentAt);
    else tab.pending.push({ position, sentAt });
  }
}

function open(tab: Tab): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${tab.spec.base.replace('http', 'ws')}/api/live`, {
      headers: { origin, cookie: tab.spec.cookie },
    });
    tab.socket = socket;
    socket.on('open', () => socket.send(JSON.stringify({ type: 'hello', lastEventId: null })));
    socket.on('message', (data) => {
      const at = clock();
      const frame = JSON.parse(String(data)) as LiveFrame;
      if (frame.kind === 'ready') {
        tab.ready = true;
        resolve();
        return;
      }
      if (frame.kind !== 'event') return;
      const event = frame.event;
      if (event.type === 'on_demand.place') {
        onTicket(tab, event.place.position, at);
      } else if (
        event.type === 'appointment.changed' &&
        event.appointmentId === tab.spec.appointmentId &&
        event.status === 'confirmed' &&
        !tab.entered
      ) {
        // Called: the waiting page takes the patient into the room.
        leaveLine(tab);
        tab.entered = true;
        socket.send(
          JSON.stringify({
            type: 'consultation.presence',
            appointmentId: tab.spec.appointmentId,
            action: 'join',
          }),
        );
        presenceSent += 1;
      }
    });
    socket.on('error', (error) => {
      if (!tab.ready) reject(error);
    });
    socket.on('close', () => {
      if (!closing) closedEarly += 1;
    });
  });
}

async function openAll() {
  let next = 0;
  let failed = 0;
  // A few at a time, as pages open: each hello reads the events it missed.
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < tabs.length) {
        const tab = tabs[next++] as Tab;
        await open(tab).catch(() => {
          failed += 1;
        });
      }
    }),
  );
  return { open: tabs.length - failed, failed };
}

parentPort?.on('message', (message: ToTabs) => {
  void (async () => {
    if (message.type === 'open') {
      const counts = await openAll();
      parentPort?.postMessage({ type: 'opened', ...counts } satisfies FromTabs);
    } else if (message.type === 'taken') {
      for (const [lineIndex, sentAt] of message.calls) taken(lineIndex, sentAt);
    } else if (message.type === 'report') {
      const lost = tabs.reduce((n, tab) => n + tab.pending.length, 0);
      parentPort?.postMessage({
        type: 'report',
        buckets,
        lost,
        superseded,
        tickets,
        presenceSent,
        closedEarly,
      } satisfies FromTabs);
    } else if (message.type === 'close') {
      closing = true;
      for (const tab of tabs) tab.socket?.terminate();
      parentPort?.postMessage({ type: 'closed' } satisfies FromTabs);
    }
  })();
});
