import { useRef } from 'react';

/**
 * Gives the keyboard back to what opened a dialog when it closes. Radix returns the focus only to
 * a `Dialog.Trigger`; our dialogs mostly open from page state (a row's menu item, a slot, a card's
 * button), and the focus then fell to the page's body. So every dialog notes its opener itself:
 * the element focused when it opened — or, when that was an item of a menu (which closes as the
 * dialog opens), the control that opened the menu.
 */

/** Short-lived layers that never get the focus back: menus, listboxes, popovers. */
const TRANSIENT = '[role="menu"], [role="listbox"], [data-radix-popper-content-wrapper]';

/** The last element focused outside a transient layer, and the openers of dialogs still open. */
let lastSteady: HTMLElement | null = null;
const openers: HTMLElement[] = [];

/**
 * The control that opened the transient layer an element is in: a menu names its button in
 * `aria-labelledby` (a menu opened with the mouse never focused its button, which keeps it from
 * taking the focus on pointer-down).
 */
function layerOpener(element: HTMLElement): HTMLElement | null {
  const layer = element.closest<HTMLElement>(TRANSIENT);
  if (!layer) return element;
  const labelledBy = layer.querySelector<HTMLElement>('[role="menu"][aria-labelledby]') ?? layer;
  const id = labelledBy.getAttribute('aria-labelledby');
  return id ? document.getElementById(id) : null;
}

if (typeof document !== 'undefined') {
  document.addEventListener(
    'focusin',
    (event) => {
      const target = event.target;
      if (!(target instanceof HTMLElement)) return;
      const steady = layerOpener(target);
      if (steady) lastSteady = steady;
    },
    true,
  );
}

function currentOpener(): HTMLElement | null {
  const active = document.activeElement;
  if (active instanceof HTMLElement && active !== document.body) return layerOpener(active) ?? lastSteady;
  return lastSteady;
}

/** Where the focus goes when the opener left the page: an outer dialog's opener, else the main content. */
function fallback(): HTMLElement | null {
  for (let i = openers.length - 1; i >= 0; i--) {
    const candidate = openers[i];
    if (candidate?.isConnected) return candidate;
  }
  return document.querySelector<HTMLElement>('main#conteudo, main');
}

type AutoFocusHandler = (event: Event) => void;

/** The open/close focus handlers of a dialog's content, composed with the caller's own. */
export function useReturnFocus(own: {
  onOpenAutoFocus?: AutoFocusHandler;
  onCloseAutoFocus?: AutoFocusHandler;
}) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = currentOpener();
      if (opener.current) openers.push(opener.current);
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      own.onCloseAutoFocus?.(event);
      const target = opener.current;
      const index = target ? openers.lastIndexOf(target) : -1;
      if (index >= 0) openers.splice(index, 1);
      opener.current = null;
      if (event.defaultPrevented) return;
      const destination = target?.isConnected ? target : fallback();
      if (!destination) return;
      event.preventDefault();
      destination.focus({ preventScroll: true });
    },
  };
}
