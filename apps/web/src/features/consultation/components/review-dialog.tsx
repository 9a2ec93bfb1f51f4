import type { ReviewInput } from '@pulsa/shared/schemas/reviews';
import { Star } from 'lucide-react';
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
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { CONSULTATION_TEXT } from '../texts';

const T = CONSULTATION_TEXT.review;

/** Five stars as a radio group (one choice, arrow keys move it) and an optional comment. */
export function ReviewDialog({
  open,
  onOpenChange,
  doctorName,
  commentMax,
  sending,
  onSend,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  doctorName: string;
  commentMax: number;
  sending: boolean;
  onSend: (review: ReviewInput) => void;
}) {
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [anonymous, setAnonymous] = useState(false);
  const [missing, setMissing] = useState(false);
  const commentId = useId();
  const anonymousId = useId();
  const groupId = useId();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{T.title}</DialogTitle>
          <DialogDescription>{T.description(doctorName)}</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (rating < 1) {
              setMissing(true);
              return;
            }
            onSend({ rating, comment: comment.trim() || undefined, anonymous });
          }}
        >
          <fieldset aria-describedby={missing ? `${groupId}-error` : undefined}>
            <legend className="mb-2 font-medium text-sm">{T.rating}</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="cursor-pointer rounded-md p-1 has-focus-visible:ring-2 has-focus-visible:ring-ring"
                >
                  <input
                    type="radio"
                    name={groupId}
                    value={n}
                    checked={rating === n}
                    onChange={() => {
                      setRating(n);
                      setMissing(false);
                    }}
                    className="sr-only"
                    aria-label={T.star(n)}
                  />
                  <Star
                    aria-hidden
                    className={cn(
                      'size-8',
                      n <= rating ? 'fill-warning text-warning' : 'text-muted-foreground',
                    )}
                  />
                </label>
              ))}
            </div>
            {missing ? (
              <p id={`${groupId}-error`} className="mt-1 text-destructive text-sm">
                {T.pickRating}
              </p>
            ) : null}
          </fieldset>
          <div className="space-y-1.5">
            <Label htmlFor={commentId}>{T.comment}</Label>
            <Textarea
              id={commentId}
              value={comment}
              maxLength={commentMax}
              onChange={(e) => setComment(e.target.value)}
            />
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id={anonymousId}
              checked={anonymous}
              onCheckedChange={(v) => setAnonymous(v === true)}
              aria-describedby={`${anonymousId}-hint`}
              className="mt-0.5"
            />
            <div className="space-y-0.5">
              <Label htmlFor={anonymousId}>{T.anonymous}</Label>
              <p id={`${anonymousId}-hint`} className="text-muted-foreground text-xs">
                {T.anonymousHint}
              </p>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {T.later}
            </Button>
            <Button type="submit" loading={sending}>
              {T.send}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
