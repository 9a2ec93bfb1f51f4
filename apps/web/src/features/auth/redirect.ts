import { ROLE_HOME, type Role } from '@pulsa/shared/constants/roles';
import { paths } from '@/config/paths';

/** Any host will do: only whether the address stays on it matters. */
const PROBE_ORIGIN = 'https://pulsa.invalid';

/** Browsers read a leading "//" or "/\\" as another host, so no result may start with either. */
const leavesSite = (path: string) => /^[/\\]{2}/.test(path) || !sameSite(path);
const sameSite = (path: string) => new URL(path, PROBE_ORIGIN).origin === PROBE_ORIGIN;

/**
 * Where to go after signing in: a path on this site, or `fallback` (the landing page unless
 * told). A crafted link cannot send the user elsewhere — not with "//host", a backslash, a tab or
 * newline, nor with dot segments or encoded dots that the URL parser folds into "//host"
 * ("/.//evil", "/%2e//evil").
 */
export function safeRedirect(target: string | null, fallback: string = paths.home.href()): string {
  // Backslashes and control characters have no place in a path of ours; parsers disagree on them.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (!target?.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  try {
    const url = new URL(target, PROBE_ORIGIN);
    if (url.origin !== PROBE_ORIGIN) return fallback;
    const path = `${url.pathname}${url.search}${url.hash}`;
    return leavesSite(path) ? fallback : path;
  } catch {
    return fallback;
  }
}

/**
 * Where a signed-in user goes from the sign-in (or from an auth screen they no longer need): the
 * page that asked them to sign in, when it is one of this site's, else their own area.
 */
export function homeAfterSignIn(role: Role, target: string | null): string {
  return safeRedirect(target, ROLE_HOME[role]);
}
