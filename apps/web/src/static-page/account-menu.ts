import { keepNoticeForNextPage } from '@/lib/kept-notice';
import { PLATFORM_TEXT } from '@/lib/messages';
import { detachPushSubscription } from '@/lib/push';
import { showNotice } from './notice';

/**
 * The avatar menu (Dashboard, Sair) of the public header, with the keyboard of a menu button:
 * Enter, Space or ↓ open it on the first item, ↑ on the last; ↑ ↓ Home End move; Escape closes it
 * and returns the focus; Tab or a click elsewhere closes it. Its listeners end with `signal`.
 */
export function enhanceAccountMenus(scope: ParentNode, signal?: AbortSignal): void {
  for (const root of scope.querySelectorAll<HTMLElement>('[data-account-menu]')) {
    const button = root.querySelector<HTMLButtonElement>('button[aria-haspopup="menu"]');
    const menu = document.getElementById(button?.getAttribute('aria-controls') ?? '');
    if (!button || !menu) continue;
    const items = () => [
      ...menu.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'),
    ];

    const open = (focus: 'first' | 'last') => {
      menu.hidden = false;
      button.setAttribute('aria-expanded', 'true');
      const list = items();
      (focus === 'first' ? list[0] : list.at(-1))?.focus();
    };
    const close = (returnFocus: boolean) => {
      if (menu.hidden) return;
      menu.hidden = true;
      button.setAttribute('aria-expanded', 'false');
      if (returnFocus) button.focus();
    };

    button.addEventListener('click', () => (menu.hidden ? open('first') : close(true)), { signal });
    button.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        open(event.key === 'ArrowDown' ? 'first' : 'last');
      },
      { signal },
    );

    menu.addEventListener(
      'keydown',
      (event) => {
        const list = items();
        const at = list.indexOf(document.activeElement as HTMLElement);
        const move = (index: number) => {
          event.preventDefault();
          list[(index + list.length) % list.length]?.focus();
        };
        if (event.key === 'ArrowDown') move(at + 1);
        else if (event.key === 'ArrowUp') move(at - 1);
        else if (event.key === 'Home') move(0);
        else if (event.key === 'End') move(list.length - 1);
        else if (event.key === 'Escape') {
          event.preventDefault();
          // The phone menu also listens for Escape on the document; this one is the menu's own.
          event.stopPropagation();
          close(true);
        } else if (event.key === 'Tab') close(true);
        else if (
          (event.key === ' ' || event.key === 'Enter') &&
          document.activeElement instanceof HTMLElement
        ) {
          event.preventDefault();
          document.activeElement.click();
        }
      },
      { signal },
    );

    document.addEventListener(
      'pointerdown',
      (event) => {
        if (event.target instanceof Node && !root.contains(event.target)) close(false);
      },
      { signal },
    );

    const signOutItem = menu.querySelector<HTMLButtonElement>('[data-sign-out]');
    signOutItem?.addEventListener('click', () => void signOut(signOutItem), { signal });
  }
}

/** Ends the session on the server, then shows the page again as a visitor sees it. */
async function signOut(item: HTMLButtonElement): Promise<void> {
  if (item.getAttribute('aria-disabled') === 'true') return;
  item.setAttribute('aria-disabled', 'true');
  item.dataset.disabled = '';
  try {
    // This browser stops receiving the person's notifications (lib/push.ts), as in the app.
    await detachPushSubscription();
    const response = await fetch('/api/auth/logout', {
      method: 'POST',
      credentials: 'include',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`logout answered ${response.status}`);
    keepNoticeForNextPage({ title: PLATFORM_TEXT.signOutSuccess, tone: 'success' });
    // A full load: the page (server-rendered or the app's) is shown again as a visitor sees it.
    window.location.replace(window.location.pathname);
  } catch {
    item.removeAttribute('aria-disabled');
    delete item.dataset.disabled;
    showNotice({ title: PLATFORM_TEXT.signOutError, tone: 'error' });
  }
}
