import { LoaderCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSimulatePayment } from '../api/book-and-pay';
import { BOOKING_TEXT } from '../texts';

/** Test environment: "Simular pagamento" stands for the bank confirming the PIX or the boleto. */
export function SimulatePayment({ appointmentId }: { appointmentId: string }) {
  const simulate = useSimulatePayment(appointmentId);
  return (
    <Button variant="secondary" onClick={() => simulate.mutate()} loading={simulate.isPending}>
      {BOOKING_TEXT.simulate}
    </Button>
  );
}

/** The page is waiting for the bank and says so; it reads the payment again on its own. */
export function WaitingNote({ text }: { text: string }) {
  return (
    <p className="flex items-center gap-2 text-muted-foreground text-sm">
      <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin motion-reduce:animate-none" />
      {text}
    </p>
  );
}
