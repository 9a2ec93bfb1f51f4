import type { LiveClientMessage, LiveEventType, LiveServerEvent } from '@pulsa/shared/schemas/live';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { sessionQueryOptions } from '@/lib/auth';
import { platformQueryOptions } from '@/lib/platform';
import { signingOut } from '@/lib/sign-out';
import { LiveClient, type LiveRefusal, type LiveStatus } from './live-client';

const LiveContext = createContext<LiveClient | null>(null);

/** One live connection for the signed-in area of this tab; it ends with the area. */
export function LiveProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [client] = useState(
    () =>
      new LiveClient({
        // Signed out elsewhere: the session is read again and the shell sends the user to sign in.
        onSessionEnded: () =>
          signingOut.current
            ? undefined
            : void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey }),
      }),
  );
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  // The platform's name, logo, theme and maintenance band follow an admin's change at once.
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: platformQueryOptions.queryKey });
    const off = [
      client.on('platform.changed', refresh),
      client.onReady((reconnected) => (reconnected ? refresh() : undefined)),
    ];
    return () => {
      for (const stop of off) stop();
    };
  }, [client, queryClient]);
  return <LiveContext.Provider value={client}>{children}</LiveContext.Provider>;
}

function useLiveClient(): LiveClient | null {
  return useContext(LiveContext);
}

/** Runs `handler` for every event of this type (the latest handler, without resubscribing). */
export function useLiveEvent<T extends LiveEventType>(
  type: T,
  handler: (event: Extract<LiveServerEvent, { type: T }>) => void,
): void {
  const client = useLiveClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client?.on(type, (event) => latest.current(event)), [client, type]);
}

/** Runs `handler` after every reconnection (not the first connection), once the missed events are in. */
export function useLiveReconnected(handler: () => void): void {
  const client = useLiveClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client?.onReady((reconnected) => (reconnected ? latest.current() : undefined)), [client]);
}

/** Runs `handler` when the server refuses a message this tab sent on the live connection. */
export function useLiveRefused(handler: (refusal: LiveRefusal) => void): void {
  const client = useLiveClient();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => client?.onRefused((refusal) => latest.current(refusal)), [client]);
}

export function useLiveStatus(): LiveStatus {
  const client = useLiveClient();
  const subscribe = useCallback((notify: () => void) => client?.onStatus(notify) ?? (() => {}), [client]);
  return useSyncExternalStore(subscribe, () => client?.status ?? 'closed');
}

/** Sends a message on the live connection; false while it is not open. The same function on every render. */
export function useLiveSend(): (message: LiveClientMessage) => boolean {
  const client = useLiveClient();
  return useCallback((message: LiveClientMessage) => client?.send(message) ?? false, [client]);
}
