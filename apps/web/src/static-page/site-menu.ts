import { MARKETING_TEXT } from '@/features/marketing/texts';

const T = MARKETING_TEXT.nav;

/**
 * The phone menu of the public header on a server-rendered page: the toggle opens and closes the
 * panel it controls, Escape closes it and gives the focus back, a followed link closes it.
 */
export function enhanceSiteMenus(): void {
  for (const toggle of document.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]')) {
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!panel) continue;

    const setOpen = (open: boolean) => {
      panel.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? T.closeMenu : T.openMenu);
    };

    toggle.addEventListener('click', () => setOpen(panel.hidden !== false));
    panel.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key !== 'Escape' || panel.hidden) return;
      setOpen(false);
      toggle.focus();
    });
  }
}
