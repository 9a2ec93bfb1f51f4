import { nextTheme, themeSwitchLabel } from '@/features/marketing/theme-cycle';
import { chooseTheme, followSystemTheme, readStoredTheme, subscribeToTheme } from '@/lib/theme';

/**
 * The header's theme button: shows the stored choice (the server cannot know it), cycles it on
 * click, and follows the device while "Sistema" is chosen. The page itself already wears the theme
 * from the pre-paint script. Everything it sets up ends with `signal`.
 */
export function enhanceThemeSwitches(root: ParentNode, signal?: AbortSignal): void {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>('[data-theme-switch]')];
  if (buttons.length === 0) return;

  const show = () => {
    const theme = readStoredTheme();
    const label = themeSwitchLabel(theme);
    for (const button of buttons) {
      button.dataset.theme = theme;
      button.setAttribute('aria-label', label);
      button.title = label;
    }
  };
  show();
  // A choice made here (storeTheme) or in another tab.
  const unsubscribe = subscribeToTheme(show);

  for (const button of buttons) {
    button.addEventListener('click', () => chooseTheme(nextTheme(readStoredTheme())), { signal });
  }
  const unfollow = followSystemTheme(() => readStoredTheme() === 'system');
  signal?.addEventListener('abort', () => {
    unsubscribe();
    unfollow();
  });
}
