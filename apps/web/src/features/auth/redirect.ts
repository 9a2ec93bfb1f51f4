import { paths } from '@/config/paths';

/** Where to go after signing in: only same-site paths are honoured, so a crafted link cannot send the user elsewhere. */
export function safeRedirect(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : paths.home.href();
}
