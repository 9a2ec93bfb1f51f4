import { paths } from '@/config/paths';

/** Any host will do: only whether the address stays on it matters. */
const PROBE_ORIGIN = 'https://pulsa.invalid';

/** Browsers read a leading "//" or "/\\" as another host, so no result may start with either. */
const leavesSite = (path: string) => /^[/\\]{2}/.test(path) || !sameSite(path);
const sameSite = (path: string) => new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;

/**
 * Where to go after signing in: a path on this site, or the landing page. A crafted link cannot
 * send the user elsewhere — not with "//host", a backslash, a tab or newline, nor with dot segments
 * or encoded dots that the URL parser folds into "//host" ("/.//evil", "/%2e//evil").
 */
export function safeRedirect(target: string | null): string {
  // Backslashes and control characters have no place in a path of ours; parsers disagree on them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!target?.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(target)) return paths.home.href();
  try {
    const url = new URL(target, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return paths.home.href();
    const path = `${url.pathname}${url.search}${url.hash}`;
    return leavesSite(path) ? paths.home.href() : path;
  } catch {
    return paths.home.href();
  }
}
