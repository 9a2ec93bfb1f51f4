import { TOAST_DURATION_MS } from '@pulsa/shared/constants/business';
import { PLATFORM_TEXT } from '@/lib/messages';

/**
 * A toast for server-rendered pages, which do not load the app's toaster: one at a time, 5 s,
 * bottom right, announced politely. A notice can be kept for the next page load, for an action
 * that reloads the page (Sair).
 */
const STORAGE_KEY = 'pulsa-notice';

type Tone = 'success' | 'error';

const TONES: Record<Tone, string> = {
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
};

let current: { element: HTMLElement; timer: number } | null = null;

export function showNotice(text: string, tone: Tone): void {
  if (current) {
    window.clearTimeout(current.timer);
    current.element.remove();
  }
  const element = document.createElement('div');
  element.setAttribute('role', tone === 'error' ? 'alert' : 'status');
  element.className = `fixed right-4 bottom-4 z-50 flex max-w-sm items-center gap-3 rounded-lg border px-4 py-3 font-medium text-sm shadow-lg ${TONES[tone]}`;
  const message = document.createElement('p');
  const close = document.createElement('button');
  close.type = 'button';
  close.setAttribute('aria-label', PLATFORM_TEXT.toastClose);
  close.className = 'ml-auto rounded-md px-1.5 leading-none opacity-70 hover:opacity-100';
  close.textContent = '×';
  close.addEventListener('click', () => element.remove());
  element.append(message, close);
  document.body.append(element);
  // A live region is read when its content changes, not when it arrives already filled.
  window.requestAnimationFrame(() => {
    message.textContent = text;
  });
  current = { element, timer: window.setTimeout(() => element.remove(), TOAST_DURATION_MS) };
}

export function keepNoticeForNextPage(text: string, tone: Tone): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ text, tone }));
  } catch {
    // Storage refused: the page still changes, only without the word that it worked.
  }
}

export function showKeptNotice(): void {
  let kept: { text?: unknown; tone?: unknown } | null = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    return;
  }
  if (kept && typeof kept.text === 'string')
    showNotice(kept.text, kept.tone === 'error' ? 'error' : 'success');
}
