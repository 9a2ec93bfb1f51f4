import { TOAST_DURATION_MS } from '@pulsa/shared/constants/business';
import { useEffect } from 'react';
import { Toaster as Sonner, toast } from 'sonner';
import { takeKeptNotice } from '@/lib/kept-notice';
import { PLATFORM_TEXT } from '@/lib/messages';
import { useTheme } from '@/lib/theme-provider';

/** One toast at a time for 5 s (spec section 4 and 9), in the page's theme. */
export function Toaster() {
  const { theme } = useTheme();
  // What a server-rendered page said just before opening this one (e.g. "Login realizado com
  // sucesso!" on the way into the patient area).
  useEffect(() => {
    const kept = takeKeptNotice();
    if (kept) toast[kept.tone](kept.title, { description: kept.description });
  }, []);
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
