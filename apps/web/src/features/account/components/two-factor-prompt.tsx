import { ShieldAlert } from 'lucide-react';
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
  return (
    <aside
      aria-label={T.title}
      className="mb-6 flex flex-col gap-3 rounded-xl border border-warning/60 bg-warning/10 p-4 sm:flex-row sm:items-center"
    >
      <ShieldAlert aria-hidden className="size-6 shrink-0 text-warning-text" />
      <div className="flex-1 space-y-1">
        <p className="font-semibold text-sm">{T.title}</p>
        <p className="text-muted-foreground text-sm">{T.description}</p>
      </div>
      <div className="flex gap-2">
        <Button asChild size="sm">
          <Link to={`${paths.doctor.settings.href()}#duas-etapas`}>{T.action}</Link>
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            sessionStorage.setItem(DISMISSED_KEY, '1');
            setDismissed(true);
          }}
        >
          {T.dismiss}
        </Button>
      </div>
    </aside>
  );
}
