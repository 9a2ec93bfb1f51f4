import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { THEME_LABEL, THEMES } from '@/lib/theme';
import { useTheme } from '@/lib/theme-provider';
import { MARKETING_TEXT } from '../texts';

const ICONS = { light: Sun, dark: Moon, system: Monitor } as const;

/**
 * Claro → Escuro → Sistema in one button. The public header uses it instead of the kit's menu so
 * the landing page does not download the dropdown code.
 */
export function ThemeSwitch() {
  const { theme, setTheme } = useTheme();
  const next = THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] ?? 'light';
  const Icon = ICONS[theme];
  return (
    <Button
      variant="ghost"
      size="icon"
      onClick={() => setTheme(next)}
      aria-label={MARKETING_TEXT.theme.switchTo(THEME_LABEL[theme], THEME_LABEL[next])}
      title={MARKETING_TEXT.theme.switchTo(THEME_LABEL[theme], THEME_LABEL[next])}
    >
      <Icon aria-hidden />
    </Button>
  );
}
