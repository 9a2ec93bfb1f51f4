import { THEME_STORAGE_KEY } from '@pulsa/shared/constants/business';

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

export const THEME_LABEL: Record<Theme, string> = {
  light: 'Claro',
  dark: 'Escuro',
  system: 'Sistema',
};

/** Light unless the visitor chose otherwise (spec: light default, stored under a product key). */
export const DEFAULT_THEME: Theme = 'light';

/** The choice made on this page when storage refuses it (private mode, full), so it still holds. */
let unstoredChoice: Theme | null = null;
const listeners = new Set<() => void>();

/**
 * The platform's default theme (the admin's settings), kept for the pre-paint script: a visitor who
 * never chose one wears it from the first paint of the next page.
 */
export const PLATFORM_THEME_KEY = 'pulsa-theme-default';

const isTheme = (value: string | null): value is Theme => (THEMES as readonly string[]).includes(value ?? '');

export function readStoredTheme(): Theme {
  if (unstoredChoice) return unstoredChoice;
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    if (isTheme(stored)) return stored;
    const platform = localStorage.getItem(PLATFORM_THEME_KEY);
    return isTheme(platform) ? platform : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

/** The platform's default changed (or was read): a visitor without a choice of their own follows it. */
export function followPlatformTheme(theme: Theme): void {
  try {
    if (localStorage.getItem(PLATFORM_THEME_KEY) === theme) return;
    localStorage.setItem(PLATFORM_THEME_KEY, theme);
  } catch {
    return;
  }
  applyTheme(readStoredTheme());
  for (const listener of listeners) listener();
}

export function storeTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
    unstoredChoice = null;
  } catch {
    unstoredChoice = theme;
  }
  for (const listener of listeners) listener();
}

/** Tells React about a choice made on this page or, through the storage event, in another tab. */
export function subscribeToTheme(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY) return;
    applyTheme(readStoredTheme());
    listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Keeps the choice and puts it on the page at once. */
export function chooseTheme(theme: Theme): void {
  storeTheme(theme);
  applyTheme(theme);
}

/** While "Sistema" is chosen, the page follows the device's setting as it changes. */
export function followSystemTheme(isChosen: () => boolean): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const onChange = () => {
    if (isChosen()) applyTheme('system');
  };
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

export function systemPrefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** The same rule as the pre-paint script in index.html, which runs before React to avoid a flash. */
export function applyTheme(theme: Theme): void {
  const dark = theme === 'dark' || (theme === 'system' && systemPrefersDark());
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}
