import { DOCTOR_MESSAGES } from '@pulsa/shared/schemas/doctors';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { VERIFICATION_TEXT } from '../texts';

const T = VERIFICATION_TEXT.rejectDialog;

/** Asks the reason of a rejection; the doctor reads it, so it is required. */
export function RejectDialog({
  open,
  title,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = useId();
  useEffect(() => {
    if (open) {
      setReason('');
      setError(undefined);
    }
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{T.description}</DialogDescription>
        </DialogHeader>
        <form
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const text = reason.trim();
            if (!text) return setError(DOCTOR_MESSAGES.reasonRequired);
            if (text.length > 500) return setError(DOCTOR_MESSAGES.reasonTooLong);
            onConfirm(text);
          }}
        >
          <FormField label={T.reason} error={error}>
            <Textarea
              rows={4}
              value={reason}
              placeholder={T.placeholder}
              disabled={busy}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
            />
          </FormField>
        </form>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            {T.cancel}
          </Button>
          <Button type="submit" form={formId} variant="destructive" loading={busy}>
            {T.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
