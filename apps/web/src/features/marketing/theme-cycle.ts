import { THEME_LABEL, THEMES, type Theme } from '@/lib/theme';
import { MARKETING_TEXT } from './texts';

/** The public header's one-button theme choice cycles Claro → Escuro → Sistema. */
export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'light';
}

/** "Tema: Claro. Mudar para Escuro": what the button does, for its name and its tooltip. */
export function themeSwitchLabel(theme: Theme): string {
  return MARKETING_TEXT.theme.switchTo(THEME_LABEL[theme], THEME_LABEL[nextTheme(theme)]);
}
