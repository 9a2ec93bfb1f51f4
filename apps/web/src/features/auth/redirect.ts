import { paths } from '@/config/paths';

/** Any host will do: only whether the address stays on it matters. */
const PROBE_ORIGIN = 'https://pulsa.invalid';

/**
 * Where to go after signing in: a path on this site, or the landing page. A crafted link cannot
 * send the user elsewhere — not with "//host", nor with a backslash or a tab the URL parser would
 * turn into one.
 */
export function safeRedirect(target: string | null): string {
  if (!target?.startsWith('/')) return paths.home.href();
  try {
    const url = new URL(target, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return paths.home.href();
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return paths.home.href();
  }
}
