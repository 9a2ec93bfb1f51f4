import { SEARCH_DEBOUNCE_MS } from '@/components/ui/search-debounce';
import { directoryQuery } from '@/features/catalog/directory-filter';
import { CATALOG_TEXT } from '@/features/catalog/texts';
import { showNotice } from './notice';

const DIRECTORY = '[data-directory]';
const SEARCH_BOX = `${DIRECTORY} input[type="search"]`;
const WITH_DOCTORS = `${DIRECTORY} [role="checkbox"]`;
const RESULTS = `${DIRECTORY} [data-directory-results]`;

/**
 * The specialty directory's search on the server-rendered page: typing (after a pause), Enter, the
 * "with doctors" box and the clear buttons ask the server for the page at the new address and put
 * its directory in place of this one — the server renders results exactly as the first page, so
 * there is no second way of drawing them. The address follows, without new history entries. The
 * search box itself is kept, with what is being typed and the caret.
 */
export function enhanceDirectorySearch(): void {
  if (!document.querySelector(DIRECTORY)) return;
  let timer = 0;
  let inFlight: AbortController | null = null;

  const searchBox = () => document.querySelector<HTMLInputElement>(SEARCH_BOX);
  const withDoctorsBox = () => document.querySelector<HTMLElement>(WITH_DOCTORS);

  async function refresh() {
    window.clearTimeout(timer);
    const query = directoryQuery({
      q: searchBox()?.value ?? '',
      withDoctors: withDoctorsBox()?.getAttribute('aria-checked') === 'true',
    });
    const address = `${window.location.pathname}${query}`;

    inFlight?.abort();
    const controller = new AbortController();
    inFlight = controller;
    document.querySelector(RESULTS)?.setAttribute('aria-busy', 'true');
    try {
      const response = await fetch(address, { headers: { accept: 'text/html' }, signal: controller.signal });
      if (!response.ok) throw new Error(`the directory answered ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), 'text/html');
      const next = page.querySelector<HTMLElement>(DIRECTORY);
      if (!next) throw new Error('the answer has no directory');
      if (controller.signal.aborted) return;
      replaceDirectory(next);
      // The address changes with what it shows, so a reload shows the same.
      window.history.replaceState(window.history.state, '', address);
    } catch {
      if (controller.signal.aborted) return;
      document.querySelector(RESULTS)?.removeAttribute('aria-busy');
      showNotice({ title: CATALOG_TEXT.loadError, tone: 'error' });
    }
  }

  document.addEventListener('input', (event) => {
    if (!(event.target instanceof HTMLInputElement) || !event.target.matches(SEARCH_BOX)) return;
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(), SEARCH_DEBOUNCE_MS);
  });

  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || !(event.target instanceof Element) || !event.target.matches(SEARCH_BOX))
      return;
    event.preventDefault();
    void refresh();
  });

  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const box = event.target.closest<HTMLElement>(WITH_DOCTORS);
    if (box) {
      const checked = box.getAttribute('aria-checked') !== 'true';
      box.setAttribute('aria-checked', String(checked));
      box.dataset.state = checked ? 'checked' : 'unchecked';
      void refresh();
      return;
    }
    const clearSearch = event.target.closest(`${DIRECTORY} [data-clear-search]`);
    const clearFilters = event.target.closest(`${DIRECTORY} [data-clear-filters]`);
    if (!clearSearch && !clearFilters) return;
    const input = searchBox();
    if (input) input.value = '';
    const withDoctors = withDoctorsBox();
    if (clearFilters && withDoctors) {
      withDoctors.setAttribute('aria-checked', 'false');
      withDoctors.dataset.state = 'unchecked';
    }
    input?.focus();
    void refresh();
  });
}

/**
 * Identifies the focused control, to focus its counterpart in the new directory: the box, the
 * same link if it is still there, otherwise the search box — never the page's start.
 */
function focusKey(element: Element): string {
  if (element.matches('[role="checkbox"]')) return '[role="checkbox"]';
  const href = element.getAttribute('href');
  if (element.matches('a[href]') && href) return `a[href="${CSS.escape(href)}"]`;
  return 'input[type="search"]';
}

function replaceDirectory(next: HTMLElement): void {
  const current = document.querySelector<HTMLElement>(DIRECTORY);
  if (!current) return;
  const active = document.activeElement;
  const keepFocus = active && current.contains(active) ? focusKey(active) : null;

  // The live search box moves into the new directory, so nothing typed meanwhile is lost.
  const input = current.querySelector<HTMLInputElement>('input[type="search"]');
  const typing = input !== null && active === input;
  const caret = typing ? { start: input.selectionStart, end: input.selectionEnd } : null;
  const newInput = next.querySelector('input[type="search"]');
  if (input && newInput) newInput.replaceWith(input);

  // The result count is a live region: update the one screen readers already follow.
  const status = current.querySelector('[aria-live]');
  const newStatus = next.querySelector('[aria-live]');
  if (status && newStatus) {
    status.textContent = newStatus.textContent;
    newStatus.replaceWith(status);
  }

  current.replaceWith(document.adoptNode(next));
  if (typing && input) {
    input.focus();
    if (caret) input.setSelectionRange(caret.start, caret.end);
  } else if (keepFocus) {
    (next.querySelector<HTMLElement>(keepFocus) ?? input)?.focus();
  }
}
