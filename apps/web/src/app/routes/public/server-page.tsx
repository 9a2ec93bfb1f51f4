import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { type ToastT, toast } from 'sonner';
import { buttonVariants } from '@/components/ui/button';
import { keepNoticeForNextPage } from '@/lib/kept-notice';
import { PLATFORM_TEXT } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';

/**
 * A page only the server renders (/, /specialties, a specialty, a doctor's page), reached by the
 * app's router: a link, a redirect after sign-out. The browser loads it from the server. Landed here
 * on the first load instead, the server could not render it (it then serves the app): say so
 * rather than loop.
 */
export function Component() {
  const location = useLocation();
  const href = `${location.pathname}${location.search}${location.hash}`;
  const firstLoad = location.key === 'default';

  // The router has already put the address in the bar: load it. (assign() of an address that
  // differs only by its #fragment would not load anything.)
  useEffect(() => {
    if (firstLoad) return;
    keepLatestToast();
    window.location.reload();
  }, [firstLoad]);
  usePageTitle(firstLoad ? PLATFORM_TEXT.pageUnavailable : undefined);

  if (!firstLoad) return <div aria-hidden className="min-h-dvh" />;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="font-semibold text-2xl">{PLATFORM_TEXT.pageUnavailable}</h1>
      <p className="max-w-md text-muted-foreground">{PLATFORM_TEXT.pageUnavailableHint}</p>
      <a href={href} className={buttonVariants()}>
        {PLATFORM_TEXT.tryAgain}
      </a>
    </main>
  );
}

/**
 * The toast the app showed on its way here (e.g. "Login realizado com sucesso!" before opening the
 * landing page) would vanish with the page load: it goes along as the next page's notice.
 */
function keepLatestToast() {
  const shown = toast
    .getToasts()
    .filter((t): t is ToastT => !('dismiss' in t && t.dismiss) && typeof (t as ToastT).title === 'string');
  const last = shown.at(-1);
  if (!last) return;
  keepNoticeForNextPage({
    title: String(last.title),
    description: typeof last.description === 'string' ? last.description : undefined,
    tone: last.type === 'error' ? 'error' : 'success',
  });
}
