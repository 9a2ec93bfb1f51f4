import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { CONSULTATION_TEXT } from '../texts';

const T = CONSULTATION_TEXT.consent;

/**
 * The teleconsultation consent (TCLE): the versioned text in full and an explicit acceptance — the
 * button stays disabled until the patient ticks the box.
 */
export function ConsentDialog({
  open,
  onOpenChange,
  version,
  text,
  accepting,
  onAccept,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  version: string;
  text: string;
  accepting: boolean;
  onAccept: () => void;
}) {
  const [checked, setChecked] = useState(false);
  const checkboxId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>
            {T.description} {T.version(version)}.
          </DialogDescription>
        </DialogHeader>
        {/* The dialog itself scrolls (a long text stays reachable by keyboard and touch). */}
        <div className="whitespace-pre-line rounded-md border bg-muted/40 p-4 text-sm leading-relaxed">
          {text}
        </div>
        <div className="flex items-start gap-2">
          <Checkbox id={checkboxId} checked={checked} onCheckedChange={(v) => setChecked(v === true)} />
          <Label htmlFor={checkboxId} className="leading-snug">
            {T.checkbox}
          </Label>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {T.later}
          </Button>
          <Button disabled={!checked} loading={accepting} onClick={onAccept}>
            {T.accept}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
