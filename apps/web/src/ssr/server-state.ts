import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/**
 * What a server-rendered page hands to the browser so it hydrates exactly what was rendered: the
 * router's state and the data cache. Sent as JSON in a non-executable script element, which the
 * CSP does not need to allow.
 */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
}

export const SERVER_STATE_ELEMENT_ID = 'pulsa-state';

/** JSON safe inside <script>: no "</script>" or "<!--" can close or confuse the element. */
export function serializeServerState(state: ServerState): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${json}</script>`;
}

export function readServerState(): ServerState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
