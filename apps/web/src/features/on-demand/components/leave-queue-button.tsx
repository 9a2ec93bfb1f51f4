import type { Ticket } from '@pulsa/shared/schemas/on-demand';
import { useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { amountInProse, paidByPix } from '../amount';
import { useLeaveQueue } from '../api/ticket-mutations';
import { ON_DEMAND_TEXT } from '../texts';

const T = ON_DEMAND_TEXT.waiting;

/** "Sair da fila", confirmed first: the held amount is released in full. */
export function LeaveQueueButton({ ticket, label = T.leave }: { ticket: Ticket; label?: string }) {
  const [open, setOpen] = useState(false);
  const leave = useLeaveQueue(ticket.id);
  if (!ticket.canLeave) return null;
  const held = ticket.queuedAt !== null;
  return (
    <AlertDialog open={open} onOpenChange={(next) => !leave.isPending && setOpen(next)}>
      <Button variant="outline" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{T.leaveTitle}</AlertDialogTitle>
          <AlertDialogDescription>
            {held
              ? T.leaveBody(amountInProse(ticket.price), paidByPix(ticket))
              : ON_DEMAND_TEXT.outcome.left.notHeld}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={leave.isPending}>{T.leaveCancel}</AlertDialogCancel>
          {/* Not an AlertDialogAction: the dialog stays open until the server has answered. */}
          <Button
            variant="destructive"
            loading={leave.isPending}
            onClick={() => leave.mutate(undefined, { onSettled: () => setOpen(false) })}
          >
            {T.leaveConfirm}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
