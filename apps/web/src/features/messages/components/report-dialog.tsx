import {
  type ConversationMessage,
  MESSAGE_REPORT_REASON_LABEL,
  MESSAGE_REPORT_REASONS,
  type MessageReportReason,
} from '@pulsa/shared/schemas/messages';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useReportMessage } from '../api';
import { MESSAGES_UI as T } from '../texts';

/** Reporting one message of the other party: a reason from the list and optional details. */
export function ReportDialog({
  conversationId,
  message,
  onClose,
}: {
  conversationId: string;
  message: ConversationMessage | null;
  onClose: () => void;
}) {
  const report = useReportMessage(conversationId);
  const [reason, setReason] = useState<MessageReportReason>('offensive');
  const [details, setDetails] = useState('');
  const detailsId = useId();
  const groupId = useId();
  const submit = async () => {
    if (!message) return;
    try {
      await report.mutateAsync({ messageId: message.id, reason, details: details.trim() || undefined });
      toast.success(T.reportDone);
      setDetails('');
      onClose();
    } catch {
      // Told by the API client.
    }
  };
  return (
    <Dialog open={!!message} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.reportTitle}</DialogTitle>
          <DialogDescription>{T.reportDescription}</DialogDescription>
        </DialogHeader>
        <fieldset className="space-y-2" aria-labelledby={groupId}>
          <legend id={groupId} className="font-medium text-sm">
            {T.reportReason}
          </legend>
          {MESSAGE_REPORT_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="report-reason"
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="size-4 accent-primary"
              />
              {MESSAGE_REPORT_REASON_LABEL[r]}
            </label>
          ))}
        </fieldset>
        <div className="space-y-1">
          <Label htmlFor={detailsId}>{T.reportDetails}</Label>
          <Textarea
            id={detailsId}
            value={details}
            maxLength={500}
            onChange={(e) => setDetails(e.target.value)}
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {T.reportCancel}
          </Button>
          <Button onClick={() => void submit()} disabled={report.isPending}>
            {T.reportSend}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
