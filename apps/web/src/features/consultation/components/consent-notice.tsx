import type { AppointmentStatus } from '@pulsa/shared/constants/statuses';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { consentQuery } from '../api/consent';
import { CONSULTATION_TEXT } from '../texts';

const T = CONSULTATION_TEXT.consent.notice;

/** Where the consent is read and accepted ahead of the day: the consent card of the patient's settings. */
export const CONSENT_SETTINGS_HREF = `${paths.patient.settings.href()}#termo-teleconsulta`;

/** A consultation as the patient's lists carry it (only what the notice reads). */
interface UpcomingConsultation {
  status: AppointmentStatus;
}

/** True when one of the patient's coming consultations is confirmed: the call will ask for the consent. */
export function hasConfirmedConsultation(upcoming: readonly UpcomingConsultation[] | undefined): boolean {
  return !!upcoming?.some((appointment) => appointment.status === 'confirmed');
}

/**
 * On the patient's dashboard, above the rest: a confirmed consultation is coming and the
 * teleconsultation consent is not accepted yet, so it is offered now, with a link to read and
 * accept it in Configurações, rather than only at the door of the call. Nothing otherwise (the
 * consent is not even asked for until a confirmed consultation is there).
 *
 * `upcoming`: the patient's coming consultations, as the dashboard already loads them.
 */
export function ConsentNotice({ upcoming }: { upcoming: readonly UpcomingConsultation[] | undefined }) {
  const due = hasConfirmedConsultation(upcoming);
  const consent = useQuery({ ...consentQuery, enabled: due });
  // Unknown (loading, failed) is not "missing": the room still asks before the call.
  if (!due || !consent.data || consent.data.acceptance) return null;
  return (
    <aside
      aria-label={T.title}
      className="flex flex-col gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <ShieldCheck aria-hidden className="size-6 shrink-0 text-primary" />
      <div className="flex-1 space-y-1">
        <p className="font-semibold text-sm">{T.title}</p>
        <p className="text-muted-foreground text-sm">{T.text}</p>
      </div>
      <Button asChild size="sm" className="self-start sm:self-center">
        <Link to={CONSENT_SETTINGS_HREF}>{T.action}</Link>
      </Button>
    </aside>
  );
}
