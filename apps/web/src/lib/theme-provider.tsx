import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import {
  applyTheme,
  DEFAULT_THEME,
  readStoredTheme,
  storeTheme,
  subscribeToTheme,
  type Theme,
} from './theme';

interface ThemeContextValue {
  theme: Theme;
  setTheme: (theme: Theme) => void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

const serverTheme = () => DEFAULT_THEME;

function setTheme(next: Theme) {
  storeTheme(next);
  applyTheme(next);
}

/**
 * Holds the chosen theme and follows the system while "Sistema" is chosen. The page already wears
 * the stored theme before React starts (the pre-paint script in index.html); a choice made here or
 * in another tab reaches every component through the store.
 */
export function ThemeProvider({ children }: { children: ReactNode }) {
  const theme = useSyncExternalStore(subscribeToTheme, readStoredTheme, serverTheme);

  useEffect(() => {
    if (theme !== 'system') return;
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const onChange = () => applyTheme('system');
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);

  const value = useMemo(() => ({ theme, setTheme }), [theme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error('useTheme must be used inside ThemeProvider');
  return value;
}
