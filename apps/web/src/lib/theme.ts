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

export function readStoredTheme(): Theme {
  if (unstoredChoice) return unstoredChoice;
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? '') ? (stored as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
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
