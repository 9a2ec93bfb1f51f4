/**
 * Renders a screen of the app the way a person meets it, for component tests that run in a DOM
 * (a test file opts in with the `@vitest-environment jsdom` docblock):
 *
 * - `renderWithApp` mounts the component with the app's own query client (so a failed mutation
 *   shows its toast through the one failure path, lib/api-errors.ts), the browser router (on the
 *   test DOM's address bar) and the toaster;
 * - `mockApi` answers the API at its boundary, the global `fetch`, and records every request
 *   (method, URL, JSON body). A request no test answered fails the test.
 *
 * Importing this file also unmounts what a test rendered and forgets its answers after each test.
 */
import '@testing-library/jest-dom/vitest';
import type { SessionUser } from '@pulsa/shared/schemas/auth';
import type { PageResult } from '@pulsa/shared/schemas/common';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { sessionQueryOptions } from '@/lib/auth';
import { PLATFORM_DEFAULTS, platformQueryOptions } from '@/lib/platform';
import { createQueryClient } from '@/lib/query-client';
import { ThemeProvider } from '@/lib/theme-provider';

// What jsdom lacks and the Radix primitives (dialogs, selects, popovers) or the theme ask for.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.setPointerCapture ??= () => {};
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}

/** One request the screen sent. */
export interface ApiCall {
  method: string;
  /** Path and query, as the app wrote it (`/api/notifications?pageSize=10`). */
  url: string;
  /** The JSON body, parsed; undefined when none was sent. */
  body: unknown;
}

/** An answer: a status (200 unless said) and a JSON body, or a function of the request. */
export type Reply = { status?: number; body?: unknown } | ((call: ApiCall) => Reply);

/** "METHOD /path" (matched on the path alone) or "METHOD /path?query" (matched with the query). */
export type RouteKey = `${'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'} /${string}`;

let unanswered: string[] = [];

afterEach(() => {
  cleanup();
  toast.dismiss();
  window.history.replaceState(null, '', '/');
  vi.unstubAllGlobals();
  const missed = unanswered;
  unanswered = [];
  if (missed.length > 0)
    throw new Error(`The screen asked the API what no test answered:\n${missed.join('\n')}`);
});

/**
 * Answers the API through a stub of `fetch`. An array of replies is used one per request, the last
 * one again for any further request. `answer` adds or replaces a route later in the test.
 */
export function mockApi(routes: Partial<Record<RouteKey, Reply | Reply[]>> = {}) {
  const table = new Map<string, Reply[]>();
  for (const [key, reply] of Object.entries(routes)) {
    if (reply) table.set(key, Array.isArray(reply) ? [...reply] : [reply]);
  }
  const calls: ApiCall[] = [];

  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call: ApiCall = { method, url, body };
    calls.push(call);
    const pathOnly = url.split('?')[0];
    const replies = table.get(`${method} ${url}`) ?? table.get(`${method} ${pathOnly}`);
    if (!replies || replies.length === 0) {
      unanswered.push(`${method} ${url}`);
      return jsonResponse(500, { message: `No answer for ${method} ${url}` });
    }
    let reply = (replies.length > 1 ? replies.shift() : replies[0]) as Reply;
    while (typeof reply === 'function') reply = reply(call);
    return jsonResponse(reply.status ?? 200, reply.body);
  });
  vi.stubGlobal('fetch', fetchStub);

  return {
    calls,
    /** The requests sent to one route ("POST /api/x"), in order. */
    callsTo(key: RouteKey): ApiCall[] {
      const [method, path] = key.split(' ');
      return calls.filter(
        (c) => c.method === method && (path?.includes('?') ? c.url : c.url.split('?')[0]) === path,
      );
    },
    answer(key: RouteKey, reply: Reply | Reply[]) {
      table.set(key, Array.isArray(reply) ? [...reply] : [reply]);
    },
  };
}

function jsonResponse(status: number, body: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return new Response(status === 204 ? null : text, {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** The answer the server gives to a refused request: `{ message, fieldErrors?, code? }`. */
export function apiError(
  status: number,
  message: string,
  extra: { fieldErrors?: Record<string, string>; code?: string } = {},
): Reply {
  return { status, body: { message, ...extra } };
}

/** One page of a server-side list holding `items` (page 1 of 10 rows unless said). */
export function pageOf<T>(items: T[], changes: Partial<PageResult<T>> = {}): PageResult<T> {
  const pageSize = changes.pageSize ?? 10;
  const total = changes.total ?? items.length;
  return { items, total, page: 1, pageSize, pageCount: Math.max(1, Math.ceil(total / pageSize)), ...changes };
}

export interface RenderOptions {
  /** The address the screen opens at (with its query, e.g. `/admin/doctors?status=pending`). */
  route?: string;
  /** The route pattern the screen is mounted on (defaults to every address). */
  path?: string;
  /** Who is signed in, as the session query would answer. */
  user?: SessionUser | null;
  /** A query client to share between renders; a new one by default. */
  client?: QueryClient;
}

/** The app's query client, without the retries and back-off meant for real networks. */
export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false, refetchOnWindowFocus: false },
  });
  return client;
}

/** Where the router is: the path and the query of the address shown. */
export interface RouterLocation {
  pathname: string;
  search: string;
}

function TrackLocation({ into }: { into: RouterLocation }) {
  const current = useLocation();
  into.pathname = current.pathname;
  into.search = current.search;
  return null;
}

/** Renders `ui` inside the app's providers; `location` holds where the router is now. */
export function renderWithApp(ui: ReactElement, options: RenderOptions = {}) {
  const client = options.client ?? createTestQueryClient();
  if (options.user !== undefined) client.setQueryData(sessionQueryOptions.queryKey, { user: options.user });
  // The platform settings every page reads (brand, banner): the built-in ones, known from the start.
  client.setQueryData(platformQueryOptions.queryKey, PLATFORM_DEFAULTS);
  const location: RouterLocation = { pathname: '', search: '' };
  // The app reads the address bar itself (lib/search-params.ts), so the router is the browser's.
  window.history.replaceState(null, '', options.route ?? '/');
  const user = userEvent.setup();
  const result = render(
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <BrowserRouter>
          <TrackLocation into={location} />
          <Routes>
            <Route path={options.path ?? '*'} element={ui} />
            {options.path ? <Route path="*" element={null} /> : null}
          </Routes>
        </BrowserRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>,
  );
  return { ...result, client, user, location };
}

/**
 * Waits for the toast with this title and returns it; with a description, checks it too. Toasts
 * are the app's one way of telling that an action worked or failed.
 */
export async function findToast(title: string, description?: string): Promise<HTMLElement> {
  const toasts = await screen.findByRole('region', { name: /Notificações/ });
  // Two failures in a row may share a title: the one with this description is meant.
  return waitFor(() => {
    const items = within(toasts)
      .getAllByText(title, { selector: '[data-title]' })
      .map((node) => node.closest<HTMLElement>('[data-sonner-toast]'))
      .filter((item): item is HTMLElement => item !== null);
    const item = items.find(
      (candidate) =>
        description === undefined ||
        within(candidate).queryByText(description, { selector: '[data-description]' }) !== null,
    );
    if (!item) throw new Error(`No toast "${title}" says "${description}"`);
    return item;
  });
}

/** The kind of a toast: sonner marks success, error and info with `data-type`. */
export const toastType = (item: HTMLElement) => item.getAttribute('data-type');
