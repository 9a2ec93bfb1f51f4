import { MARKETING_TEXT } from '@/features/marketing/texts';

const T = MARKETING_TEXT.nav;

/**
 * The phone menu of the public header: the toggle opens and closes the panel it controls, Escape
 * closes it and gives the focus back, a followed link closes it. Its listeners end with `signal`.
 */
export function enhanceSiteMenus(root: ParentNode, signal?: AbortSignal): void {
  for (const toggle of root.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]')) {
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    if (!panel) continue;

    const setOpen = (open: boolean) => {
      panel.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      toggle.setAttribute('aria-label', open ? T.closeMenu : T.openMenu);
    };

    toggle.addEventListener('click', () => setOpen(panel.hidden !== false), { signal });
    panel.addEventListener(
      'click',
      (event) => {
        if (event.target instanceof Element && event.target.closest('a')) setOpen(false);
      },
      { signal },
    );
    document.addEventListener(
      'keydown',
      (event) => {
        if (event.key !== 'Escape' || panel.hidden) return;
        setOpen(false);
        toggle.focus();
      },
      { signal },
    );
  }
}
