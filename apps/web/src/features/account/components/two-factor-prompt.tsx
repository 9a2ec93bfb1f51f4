import { ShieldAlert, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/use-session';
import { ACCOUNT_TEXT } from '../texts';

const T = ACCOUNT_TEXT.prompt;
const DISMISSED_KEY = 'pulsa-2fa-prompt-dismissed';

/** Doctors see this on every page of their area until two-factor is on ("Agora não" hides it for this visit). */
export function TwoFactorPrompt() {
  const { user } = useSession();
  const { pathname } = useLocation();
  const [dismissed, setDismissed] = useState(() => sessionStorage.getItem(DISMISSED_KEY) === '1');
  // On Configurações the two-factor card itself is the prompt.
  if (!user || user.twoFactorEnabled || dismissed || pathname === paths.doctor.settings.href()) return null;
  // One line on a phone (the title as a link, "Ativar" and a close button); the reason and the
  // full buttons from the tablet width up. It used to take about 240 px of every page at 390 px.
  return (
    <aside
      aria-label={T.title}
      data-testid="two-factor-prompt"
      className="mb-4 flex items-center gap-2 rounded-lg border border-warning/60 bg-warning/10 px-3 py-2 sm:mb-6 sm:gap-3 sm:rounded-xl sm:p-4"
    >
      <ShieldAlert aria-hidden className="size-5 shrink-0 text-warning-text sm:size-6" />
      <div className="min-w-0 flex-1 sm:space-y-1">
        <p className="font-semibold text-sm leading-snug">
          <span className="sm:hidden">{T.shortTitle}</span>
          <span className="hidden sm:inline">{T.title}</span>
        </p>
        <p className="hidden text-muted-foreground text-sm sm:block">{T.description}</p>
      </div>
      <Button asChild size="sm" className="h-8 px-3 sm:h-9">
        <Link to={`${paths.doctor.settings.href()}#duas-etapas`}>
          <span className="sm:hidden">{T.shortAction}</span>
          <span className="hidden sm:inline">{T.action}</span>
        </Link>
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={T.dismiss}
        title={T.dismiss}
        onClick={() => {
          sessionStorage.setItem(DISMISSED_KEY, '1');
          setDismissed(true);
        }}
      >
        <X aria-hidden />
      </Button>
    </aside>
  );
}
