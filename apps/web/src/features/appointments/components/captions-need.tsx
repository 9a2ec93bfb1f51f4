import { Captions } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { APPOINTMENTS_TEXT } from '../texts';

/**
 * The patient's accessibility need, asked at booking (decision 115): shown to the doctor so they
 * turn on "Legendar minha fala" in the room and keep the chat at hand.
 */
export function CaptionsNeed({ requested }: { requested: boolean }) {
  if (!requested) return null;
  return (
    <Badge tone="info" title={APPOINTMENTS_TEXT.common.captionsNeed}>
      <Captions aria-hidden />
      <span className="sr-only">{APPOINTMENTS_TEXT.common.captionsNeed}</span>
      <span aria-hidden>{APPOINTMENTS_TEXT.common.captionsNeedShort}</span>
    </Badge>
  );
}
