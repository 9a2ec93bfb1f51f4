/** A signed-in person's requests over HTTP, as the browser sends them, for bench/queue.ts. */
import { totpCode } from '../../apps/server/src/test/two-factor.ts';

export const ORIGIN = 'http://pulsa.bench';

export interface Answer {
  status: number;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

export async function ask(
  base: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  cookie?: string,
  body?: unknown,
): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      origin: ORIGIN,
      ...(cookie ? { cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text, json: <T>() => (text ? JSON.parse(text) : {}) as T };
}

/** Signs in and answers the session cookie (`name=value`). */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('pulsa_session='));
  if (res.status !== 200 || !cookie) throw new Error(`sign-in answered ${res.status}`);
  return cookie.split(';')[0] as string;
}

/** Enrols two-factor sign-in for the session's admin, as the settings screen does. */
export async function enrolTwoFactor(base: string, cookie: string): Promise<void> {
  const setup = await ask(base, 'POST', '/api/account/two-factor/setup', cookie);
  if (setup.status !== 200) throw new Error(`two-factor setup answered ${setup.status}: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const enable = await ask(base, 'POST', '/api/account/two-factor/enable', cookie, {
    code: await totpCode(secret),
  });
  if (enable.status !== 200) throw new Error(`two-factor enable answered ${enable.status}: ${enable.body}`);
}

/** Runs `work` over `items`, `width` at a time. */
export async function pool<T>(
  items: readonly T[],
  width: number,
  work: (item: T, i: number) => Promise<void>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await work(items[i] as T, i);
      }
    }),
  );
}
