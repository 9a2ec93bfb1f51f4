import { SEARCH_DEBOUNCE_MS } from '@/components/ui/search-debounce';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { showNotice } from './notice';

const LIST = '[data-live-list]';
const FORM = `${LIST} form[data-live-form]`;
const SEARCH_BOX = 'input[type="search"]';

/**
 * The searchable lists of the server-rendered pages (the specialty directory, a specialty's
 * doctors). Each is a plain GET form and links, which work with no script; this makes them live:
 * typing (after a pause), Enter, a changed box or list, a clear button or a page link ask the
 * server for the page at the new address and put its list in place of this one — the server
 * renders results exactly as on the first page, so there is no second way of drawing them. The
 * search box itself is kept, with what is being typed and the caret.
 */
export function enhanceLiveLists(): void {
  if (!document.querySelector(LIST)) return;
  let timer = 0;
  let inFlight: AbortController | null = null;

  const form = () => document.querySelector<HTMLFormElement>(FORM);

  /** The form's address: its fields in order, empty ones and surrounding spaces left out. */
  function formAddress(target: HTMLFormElement): string {
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(target)) {
      const text = String(value).trim();
      if (text) params.append(name, text);
    }
    const query = params.toString();
    return `${new URL(target.action, window.location.href).pathname}${query ? `?${query}` : ''}`;
  }

  async function show(address: string, history: 'push' | 'replace' | 'none') {
    window.clearTimeout(timer);
    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    const results = () => document.querySelector(`${LIST} [data-live-results]`);
    results()?.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(address, { headers: { accept: 'text/html' }, signal: controller.signal });
      if (!response.ok) throw new Error(`the page answered ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const next = page.querySelector<HTMLElement>(LIST);
      if (!next) throw new Error('the answer has no list');
      if (controller.signal.aborted) return;
      replaceList(next);
      // The address follows what the list shows (after a redirect, such as a page past the last).
      const shown = new URL(response.url, window.location.href);
      const url = `${shown.pathname}${shown.search}`;
      if (history === 'push') window.history.pushState(null, '', url);
      else if (history === 'replace') window.history.replaceState(window.history.state, '', url);
    } catch {
      if (controller.signal.aborted) return;
      results()?.removeAttribute('aria-busy');
      showNotice({ title: CATALOG_TEXT.loadError, tone: 'error' });
    }
  }

  const refreshFromForm = () => {
    const target = form();
    if (target) void show(formAddress(target), 'replace');
  };

  document.addEventListener('input', (event) => {
    if (!(event.target instanceof HTMLInputElement) || !event.target.matches(`${FORM} ${SEARCH_BOX}`)) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(refreshFromForm, SEARCH_DEBOUNCE_MS);
  });

  // A box, a list or a control that belongs to the form from elsewhere (the page size).
  document.addEventListener('change', (event) => {
    const control = event.target;
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) return;
    if (control.type === 'search' || !control.form?.matches('[data-live-form]')) return;
    refreshFromForm();
  });

  document.addEventListener('submit', (event) => {
    if (!(event.target instanceof HTMLFormElement) || !event.target.matches(FORM)) return;
    event.preventDefault();
    refreshFromForm();
  });

  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const link = event.target.closest<HTMLAnchorElement>(`${LIST} a[data-live-link]`);
    if (link && !(event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey))) {
      event.preventDefault();
      void show(link.href, 'push');
      return;
    }
    const clearSearch = event.target.closest(`${LIST} [data-clear-search]`);
    const clearFilters = event.target.closest(`${LIST} [data-clear-filters]`);
    const target = form();
    if ((!clearSearch && !clearFilters) || !target) return;
    const input = target.querySelector<HTMLInputElement>(SEARCH_BOX);
    if (input) input.value = '';
    if (clearFilters) {
      for (const box of target.querySelectorAll<HTMLInputElement>('input[type="checkbox"]'))
        box.checked = false;
    }
    input?.focus();
    refreshFromForm();
  });

  // Back and forward through the pages of a list.
  window.addEventListener('popstate', () => {
    void show(`${window.location.pathname}${window.location.search}`, 'none');
  });
}

/**
 * Identifies the focused control, to focus its counterpart in the new list: the same named
 * control, the same link if it is still there, otherwise the search box — never the page's start.
 */
function focusKey(element: Element): string {
  const name = element.getAttribute('name');
  if (name && element.matches('input, select')) return `[name="${CSS.escape(name)}"]`;
  const label = element.getAttribute('aria-label');
  if (label && element.matches('a, button')) return `[aria-label="${CSS.escape(label)}"]`;
  const href = element.getAttribute('href');
  if (element.matches('a[href]') && href) return `a[href="${CSS.escape(href)}"]`;
  return SEARCH_BOX;
}

function replaceList(next: HTMLElement): void {
  const current = document.querySelector<HTMLElement>(LIST);
  if (!current) return;
  const active = document.activeElement;
  const keepFocus = active && current.contains(active) ? focusKey(active) : null;

  // The live search box moves into the new list, so nothing typed meanwhile is lost.
  const input = current.querySelector<HTMLInputElement>(SEARCH_BOX);
  const typing = input !== null && active === input;
  const caret = typing ? { start: input.selectionStart, end: input.selectionEnd } : null;
  const newInput = next.querySelector(SEARCH_BOX);
  if (input && newInput) newInput.replaceWith(input);

  // Live regions: update the ones screen readers already follow.
  const regions = current.querySelectorAll('[aria-live]');
  next.querySelectorAll('[aria-live]').forEach((newRegion, i) => {
    const region = regions[i];
    if (!region) return;
    region.textContent = newRegion.textContent;
    newRegion.replaceWith(region);
  });

  current.replaceWith(document.adoptNode(next));
  if (typing && input) {
    input.focus();
    if (caret) input.setSelectionRange(caret.start, caret.end);
  } else if (keepFocus) {
    (next.querySelector<HTMLElement>(`${keepFocus}:not([disabled])`) ?? input)?.focus();
  }
}
