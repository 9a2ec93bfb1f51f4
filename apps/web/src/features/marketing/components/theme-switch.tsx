import { Monitor, Moon, Sun } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useTheme } from '@/lib/theme-provider';
import { themeSwitchLabel } from '../theme-cycle';

/**
 * Claro → Escuro → Sistema in one button. The public header uses it instead of the kit's menu so
 * the landing page does not download the dropdown code. All three icons are in the markup and the
 * button's `data-theme` shows one; the click is static-page/theme-switch.ts's, on every page.
 */
export function ThemeSwitch() {
  const { theme } = useTheme();
  const label = themeSwitchLabel(theme);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="group"
      data-theme-switch=""
      data-theme={theme}
      aria-label={label}
      title={label}
    >
      <Sun aria-hidden className="hidden group-data-[theme=light]:block" />
      <Moon aria-hidden className="hidden group-data-[theme=dark]:block" />
      <Monitor aria-hidden className="hidden group-data-[theme=system]:block" />
    </Button>
  );
}
