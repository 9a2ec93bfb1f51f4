import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { useTicketLiveUpdates } from '../api/get-ticket';
import { announceCall } from '../call-signal';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.called;

/**
 * In every page of the patient's area: the doctor's call reaches the patient wherever they are.
 * The beep sounds and, away from the waiting screen, a toast that stays until answered leads to
 * the room. (The waiting screen shows the call itself.)
 */
export function OnDemandCallAlert() {
  const location = useLocation();
  const navigate = useNavigate();
  useTicketLiveUpdates((ticket) => {
    // Once per call, however many events repeat it (the waiting screen may have sounded it already).
    if (ticket.stage !== 'called' || !announceCall(ticket.id)) return;
    if (location.pathname === paths.patient.onDemand.href()) return;
    toast.info(T.toast, {
      id: `on-demand-call-${ticket.id}`,
      description: T.toastBody(ticket.doctorName),
      duration: Number.POSITIVE_INFINITY,
      action: { label: T.join, onClick: () => void navigate(paths.consultation.href(ticket.id)) },
    });
  });
  return null;
}
