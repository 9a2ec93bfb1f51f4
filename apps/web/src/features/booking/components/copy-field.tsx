import { Copy } from 'lucide-react';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { BOOKING_TEXT } from '../texts';

/** A code to pay with (PIX copia e cola, linha digitável): shown whole, selectable, and one click to copy. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => toast.success(BOOKING_TEXT.copied),
      () => {
        // No clipboard (an old browser, a refused permission): leave the code selected to copy by hand.
        box.current?.select();
        toast.error(BOOKING_TEXT.copyFailed);
      },
    );
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={box}
        id={id}
        readOnly
        rows={2}
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        // Tall enough for the whole code at any width.
        className="field-sizing-content min-h-0 resize-none break-all font-mono text-xs md:text-xs"
      />
      <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
        <Copy aria-hidden />
        {copyLabel}
      </Button>
    </div>
  );
}
