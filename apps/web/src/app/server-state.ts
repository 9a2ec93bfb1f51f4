import type { HydrationState } from 'react-router';

/**
 * The element in which the server hands a page it rendered (app/render-app-page.tsx) its router
 * state: JSON that is never run, so the CSP needs no exception for it. Its presence tells the app
 * to hydrate the page instead of rendering it anew.
 */
export const SERVER_STATE_ELEMENT_ID = 'app-state';

/** The router state the server rendered the page with, or null on a page it did not render. */
export function readServerState(): HydrationState | null {
  const element = document.getElementById(SERVER_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as HydrationState;
  } catch {
    return null;
  }
}

/**
 * The <template> in which the server puts the app's own scripts (index.html's) on such a page: inert
 * until the page's script (app-page.ts) adds them, once the page has painted.
 */
export const APP_SCRIPTS_ELEMENT_ID = 'app-scripts';

/**
 * The event the app dispatches on `document` once it has hydrated such a page (main.tsx), for the
 * page's own script (app-page.ts), which holds what was done before (early-interactions.ts).
 */
export const APP_HYDRATED_EVENT = 'pulsa:hydrated';

/**
 * Dispatched on `document` when the app could not load or hydrate such a page (a script that did
 * not arrive): the page's script stops holding what is done in it, so its form posts on its own.
 */
export const APP_FAILED_EVENT = 'pulsa:hydration-failed';
