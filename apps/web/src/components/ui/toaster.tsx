import { TOAST_DURATION_MS } from '@pulsa/shared/constants/business';
import { Toaster as Sonner } from 'sonner';
import { PLATFORM_TEXT } from '@/lib/messages';
import { useTheme } from '@/lib/theme-provider';

/** One toast at a time for 5 s (spec section 4 and 9), in the page's theme. */
export function Toaster() {
  const { theme } = useTheme();
  return (
    <Sonner
      theme={theme}
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      position="bottom-right"
      swipeDirections={['right', 'bottom']}
      containerAriaLabel="Notificações"
      toastOptions={{ closeButtonAriaLabel: PLATFORM_TEXT.toastClose }}
    />
  );
}
