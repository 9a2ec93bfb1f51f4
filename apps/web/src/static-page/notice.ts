import { TOAST_DURATION_MS } from '@pulsa/shared/constants/business';
/**
 * A toast for server-rendered pages, which do not load the app's toaster: one at a time, 5 s,
 * bottom right, announced. It also shows a notice the previous page kept (lib/kept-notice.ts).
 */
import { type Notice, type NoticeTone, takeKeptNotice } from '@/lib/kept-notice';
import { PLATFORM_TEXT } from '@/lib/messages';

const TONES: Record<NoticeTone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

let current: { element: HTMLElement; timer: number } | null = null;

export function showNotice(notice: Notice): void {
  if (current) {
    window.clearTimeout(current.timer);
    current.element.remove();
  }
  const element = document.createElement('div');
  element.setAttribute('role', notice.tone === 'error' ? 'alert' : 'status');
  element.className = `fixed right-4 bottom-4 z-50 flex max-w-sm items-start gap-3 rounded-lg border px-4 py-3 text-sm shadow-lg ${TONES[notice.tone]}`;
  const text = document.createElement('div');
  const title = document.createElement('p');
  title.className = 'font-semibold';
  const description = document.createElement('p');
  text.append(title, description);
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', PLATFORM_TEXT.toastClose);
  close.className = 'ml-auto rounded-md px-1.5 leading-none opacity-70 hover:opacity-100';
  close.textContent = '×';
  close.addEventListener('click', () => element.remove());
  element.append(text, close);
  document.body.append(element);
  // A live region is read when its content changes, not when it arrives already filled.
  window.requestAnimationFrame(() => {
    title.textContent = notice.title;
    description.textContent = notice.description ?? '';
  });
  current = { element, timer: window.setTimeout(() => element.remove(), TOAST_DURATION_MS) };
}

export function showKeptNotice(): void {
  const kept = takeKeptNotice();
  if (kept) showNotice(kept);
}
