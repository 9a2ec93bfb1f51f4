import type { Payout } from '@pulsa/shared/schemas/payouts';
import { Badge } from '@/components/ui/badge';
import { PAYOUTS_TEXT } from '../texts';

const TONE = { in_transit: 'warning', paid: 'success', failed: 'danger' } as const;

/** "A transferir" for a PIX the team still has to make, "Em trânsito" for a Connect transfer. */
export function PayoutStatusBadge({ payout }: { payout: Pick<Payout, 'status' | 'method'> }) {
  return <Badge tone={TONE[payout.status]}>{PAYOUTS_TEXT.status[payout.method][payout.status]}</Badge>;
}
